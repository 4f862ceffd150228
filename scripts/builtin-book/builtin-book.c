/* Writes Folio's built-in sample book: a few pages of real typeset text (the opening of Lewis
 * Carroll's "Alice's Adventures in Wonderland", 1865, public domain), a picture, and a picture
 * across a double-page spread (two facing pages, each half of one drawing, meeting at the
 * gutter as in a printed book). Drawn with cairo's PDF surface so that the text is vector text
 * and stays sharp at any zoom. Built and run by scripts/make-builtin-book. */
#include <cairo.h>
#include <cairo-pdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_W 360.0
#define PAGE_H 504.0
#define MARGIN_X 40.0
#define MARGIN_TOP 46.0
#define MARGIN_BOTTOM 56.0
#define FONT_SIZE 10.5
#define LEADING 14.6
#define INDENT 14.0

static const char *paragraphs[] = {
    "Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: once or twice she had peeped into the book her sister was reading, but it had no pictures or conversations in it, “and what is the use of a book,” thought Alice “without pictures or conversations?”",
    "So she was considering in her own mind (as well as she could, for the hot day made her feel very sleepy and stupid), whether the pleasure of making a daisy-chain would be worth the trouble of getting up and picking the daisies, when suddenly a White Rabbit with pink eyes ran close by her.",
    "There was nothing so very remarkable in that; nor did Alice think it so very much out of the way to hear the Rabbit say to itself, “Oh dear! Oh dear! I shall be late!” (when she thought it over afterwards, it occurred to her that she ought to have wondered at this, but at the time it all seemed quite natural); but when the Rabbit actually took a watch out of its waistcoat-pocket, and looked at it, and then hurried on, Alice started to her feet, for it flashed across her mind that she had never before seen a rabbit with either a waistcoat-pocket, or a watch to take out of it, and burning with curiosity, she ran across the field after it, and fortunately was just in time to see it pop down a large rabbit-hole under the hedge.",
    "In another moment down went Alice after it, never once considering how in the world she was to get out again.",
    "The rabbit-hole went straight on like a tunnel for some way, and then dipped suddenly down, so suddenly that Alice had not a moment to think about stopping herself before she found herself falling down a very deep well.",
    "Either the well was very deep, or she fell very slowly, for she had plenty of time as she went down to look about her and to wonder what was going to happen next. First, she tried to look down and make out what she was coming to, but it was too dark to see anything; then she looked at the sides of the well, and noticed that they were filled with cupboards and book-shelves; here and there she saw maps and pictures hung upon pegs. She took down a jar from one of the shelves as she passed; it was labelled “ORANGE MARMALADE”, but to her great disappointment it was empty: she did not like to drop the jar for fear of killing somebody underneath, so managed to put it into one of the cupboards as she fell past it.",
    "“Well!” thought Alice to herself, “after such a fall as this, I shall think nothing of tumbling down stairs! How brave they’ll all think me at home! Why, I wouldn’t say anything about it, even if I fell off the top of the house!” (Which was very likely true.)",
    "Down, down, down. Would the fall never come to an end? “I wonder how many miles I’ve fallen by this time?” she said aloud. “I must be getting somewhere near the centre of the earth. Let me see: that would be four thousand miles down, I think—” (for, you see, Alice had learnt several things of this sort in her lessons in the schoolroom, and though this was not a very good opportunity for showing off her knowledge, as there was no one to listen to her, still it was good practice to say it over) “—yes, that’s about the right distance—but then I wonder what Latitude or Longitude I’ve got to?” (Alice had no idea what Latitude was, or Longitude either, but thought they were nice grand words to say.)",
    "Presently she began again. “I wonder if I shall fall right through the earth! How funny it’ll seem to come out among the people that walk with their heads downward! The Antipathies, I think—” (she was rather glad there was no one listening, this time, as it didn’t sound at all the right word) “—but I shall have to ask them what the name of the country is, you know. Please, Ma’am, is this New Zealand or Australia?” (and she tried to curtsey as she spoke—fancy curtseying as you’re falling through the air! Do you think you could manage it?) “And what an ignorant little girl she’ll think me for asking! No, it’ll never do to ask: perhaps I shall see it written up somewhere.”",
    "Down, down, down. There was nothing else to do, so Alice soon began talking again. “Dinah’ll miss me very much to-night, I should think!” (Dinah was the cat.) “I hope they’ll remember her saucer of milk at tea-time. Dinah my dear! I wish you were down here with me! There are no mice in the air, I’m afraid, but you might catch a bat, and that’s very like a mouse, you know.”",
    NULL,
};

static void font(cairo_t *cr, double size, int italic, int bold) {
    cairo_select_font_face(cr, "DejaVu Serif", italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

static double width_of(cairo_t *cr, const char *s) {
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    return e.x_advance;
}

static void centred(cairo_t *cr, const char *s, double cx, double y) {
    cairo_move_to(cr, cx - width_of(cr, s) / 2, y);
    cairo_show_text(cr, s);
}

static void folio(cairo_t *cr, int number) {
    char s[16];
    snprintf(s, sizeof s, "%d", number);
    font(cr, 9, 0, 0);
    cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
    centred(cr, s, PAGE_W / 2, PAGE_H - 28);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
}

/* Text flow: the paragraphs as words, set line by line, justified, into boxes. */
static char *words[4096];
static int word_par[4096], word_count, next_word;

static void split_words(void) {
    for (int p = 0; paragraphs[p]; p++) {
        char *copy = strdup(paragraphs[p]);
        for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
            words[word_count] = w;
            word_par[word_count++] = p;
        }
    }
}

/* Sets lines from the next word into the box between y0 and y1; returns the y after the last line. */
static double flow(cairo_t *cr, double y0, double y1) {
    double left = MARGIN_X, width = PAGE_W - 2 * MARGIN_X, space = width_of(cr, " ");
    double y = y0 + FONT_SIZE;
    while (next_word < word_count && y <= y1) {
        int first = next_word, par = word_par[first];
        int starts = first == 0 || word_par[first - 1] != par;
        double indent = starts && par > 0 ? INDENT : 0, used = 0;
        int last = first;
        while (last < word_count && word_par[last] == par) {
            double w = width_of(cr, words[last]);
            if (last > first && indent + used + space + w > width) break;
            used += (last > first ? space : 0) + w;
            last++;
        }
        int ends = last >= word_count || word_par[last] != par;
        double gap = space;
        if (!ends && last - first > 1) gap = (width - indent - used + space * (last - first - 1)) / (last - first - 1);
        double x = left + indent;
        for (int i = first; i < last; i++) {
            cairo_move_to(cr, x, y);
            cairo_show_text(cr, words[i]);
            x += width_of(cr, words[i]) + gap;
        }
        next_word = last;
        y += LEADING;
    }
    return y;
}

/* The spread's drawing, 2·PAGE_W wide: a meadow, the bank, a tree, the hedge and the rabbit-hole,
 * the White Rabbit running to it. Drawn once per half, clipped to that page. */
static void meadow(cairo_t *cr) {
    double W = 2 * PAGE_W, top = 70, bottom = PAGE_H - 110;
    cairo_save(cr);
    cairo_rectangle(cr, 28, top, W - 56, bottom - top);
    cairo_clip(cr);
    cairo_pattern_t *sky = cairo_pattern_create_linear(0, top, 0, bottom);
    cairo_pattern_add_color_stop_rgb(sky, 0, 0.55, 0.74, 0.92);
    cairo_pattern_add_color_stop_rgb(sky, 1, 0.88, 0.93, 0.97);
    cairo_set_source(cr, sky);
    cairo_paint(cr);
    cairo_pattern_destroy(sky);
    /* sun and clouds */
    cairo_set_source_rgb(cr, 1.0, 0.86, 0.35);
    cairo_arc(cr, 560, 130, 30, 0, 2 * M_PI);
    cairo_fill(cr);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.9);
    for (int i = 0; i < 3; i++) {
        double cx = 120 + 180 * i, cy = 115 + 18 * (i % 2);
        cairo_arc(cr, cx, cy, 16, 0, 2 * M_PI);
        cairo_arc(cr, cx + 20, cy - 8, 20, 0, 2 * M_PI);
        cairo_arc(cr, cx + 44, cy, 15, 0, 2 * M_PI);
        cairo_fill(cr);
    }
    /* far hills */
    cairo_set_source_rgb(cr, 0.47, 0.66, 0.42);
    cairo_move_to(cr, 0, 260);
    for (double x = 0; x <= W; x += 10) cairo_line_to(cr, x, 250 - 22 * sin(x / 70.0) - 10 * sin(x / 23.0));
    cairo_line_to(cr, W, bottom);
    cairo_line_to(cr, 0, bottom);
    cairo_fill(cr);
    /* the near field */
    cairo_set_source_rgb(cr, 0.36, 0.58, 0.30);
    cairo_move_to(cr, 0, 300);
    cairo_curve_to(cr, 200, 280, 420, 320, W, 290);
    cairo_line_to(cr, W, bottom);
    cairo_line_to(cr, 0, bottom);
    cairo_fill(cr);
    /* daisies */
    srand(7);
    for (int i = 0; i < 90; i++) {
        double x = 30 + rand() % (int)(W - 60), y = 310 + rand() % (int)(bottom - 320);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_arc(cr, x, y, 2.2, 0, 2 * M_PI);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.95, 0.8, 0.2);
        cairo_arc(cr, x, y, 0.9, 0, 2 * M_PI);
        cairo_fill(cr);
    }
    /* the tree on the bank (left page) */
    cairo_set_source_rgb(cr, 0.40, 0.28, 0.18);
    cairo_rectangle(cr, 110, 200, 16, 110);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.22, 0.45, 0.22);
    double blobs[][3] = {{118, 180, 46}, {84, 200, 30}, {152, 200, 32}, {118, 150, 30}};
    for (int i = 0; i < 4; i++) { cairo_arc(cr, blobs[i][0], blobs[i][1], blobs[i][2], 0, 2 * M_PI); cairo_fill(cr); }
    /* two figures under the tree */
    cairo_set_source_rgb(cr, 0.25, 0.42, 0.70);
    cairo_move_to(cr, 160, 330); cairo_line_to(cr, 176, 292); cairo_line_to(cr, 192, 330); cairo_close_path(cr); cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.96, 0.85, 0.72);
    cairo_arc(cr, 176, 285, 8, 0, 2 * M_PI); cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.55, 0.30, 0.45);
    cairo_move_to(cr, 200, 332); cairo_line_to(cr, 214, 298); cairo_line_to(cr, 228, 332); cairo_close_path(cr); cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.96, 0.85, 0.72);
    cairo_arc(cr, 214, 291, 7, 0, 2 * M_PI); cairo_fill(cr);
    /* the hedge and the rabbit-hole (right page) */
    cairo_set_source_rgb(cr, 0.18, 0.36, 0.18);
    for (double x = 470; x < W - 20; x += 22) { cairo_arc(cr, x, 300, 20, 0, 2 * M_PI); cairo_fill(cr); }
    cairo_rectangle(cr, 460, 300, W - 470, 22);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.12, 0.08, 0.05);
    cairo_save(cr);
    cairo_translate(cr, 600, 330);
    cairo_scale(cr, 26, 11);
    cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
    cairo_restore(cr);
    cairo_fill(cr);
    /* the White Rabbit, running toward the hole */
    cairo_set_source_rgb(cr, 0.98, 0.98, 0.98);
    cairo_save(cr); cairo_translate(cr, 470, 340); cairo_scale(cr, 20, 13); cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI); cairo_restore(cr); cairo_fill(cr);
    cairo_arc(cr, 492, 327, 9, 0, 2 * M_PI); cairo_fill(cr);
    cairo_save(cr); cairo_translate(cr, 490, 306); cairo_rotate(cr, -0.25); cairo_scale(cr, 3.5, 13); cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI); cairo_restore(cr); cairo_fill(cr);
    cairo_save(cr); cairo_translate(cr, 498, 307); cairo_rotate(cr, 0.15); cairo_scale(cr, 3.5, 12); cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI); cairo_restore(cr); cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.85, 0.2, 0.3);  /* waistcoat */
    cairo_save(cr); cairo_translate(cr, 474, 338); cairo_scale(cr, 10, 9); cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI); cairo_restore(cr); cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.9, 0.75, 0.2);  /* watch */
    cairo_arc(cr, 484, 340, 3.5, 0, 2 * M_PI); cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.9, 0.3, 0.4);   /* pink eye */
    cairo_arc(cr, 496, 325, 1.6, 0, 2 * M_PI); cairo_fill(cr);
    cairo_restore(cr);
    /* frame */
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    cairo_set_line_width(cr, 0.8);
    cairo_rectangle(cr, 28, top, W - 56, bottom - top);
    cairo_stroke(cr);
    /* caption across the gutter */
    font(cr, 11, 1, 0);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    centred(cr, "“Oh dear! Oh dear! I shall be late!”", W / 2, bottom + 30);
}

/* A small picture for page 7: the bottle and the little golden key. */
static void bottle(cairo_t *cr, double cx, double top) {
    cairo_set_source_rgb(cr, 0.93, 0.90, 0.82);
    cairo_rectangle(cr, cx - 110, top, 220, 150);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.55, 0.75, 0.85);
    cairo_move_to(cr, cx - 28, top + 140);
    cairo_line_to(cr, cx - 28, top + 70);
    cairo_curve_to(cr, cx - 28, top + 50, cx - 10, top + 50, cx - 10, top + 34);
    cairo_line_to(cr, cx - 10, top + 18);
    cairo_line_to(cr, cx + 10, top + 18);
    cairo_line_to(cr, cx + 10, top + 34);
    cairo_curve_to(cr, cx + 10, top + 50, cx + 28, top + 50, cx + 28, top + 70);
    cairo_line_to(cr, cx + 28, top + 140);
    cairo_close_path(cr);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.6, 0.42, 0.25);
    cairo_rectangle(cr, cx - 8, top + 8, 16, 12);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 1, 1, 0.97);
    cairo_rectangle(cr, cx - 24, top + 88, 48, 26);
    cairo_fill(cr);
    font(cr, 8, 0, 1);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    centred(cr, "DRINK", cx, top + 99);
    centred(cr, "ME", cx, top + 110);
    cairo_set_source_rgb(cr, 0.85, 0.68, 0.15);
    cairo_set_line_width(cr, 3);
    cairo_new_sub_path(cr);
    cairo_arc(cr, cx + 62, top + 112, 8, 0, 2 * M_PI);
    cairo_stroke(cr);
    cairo_move_to(cr, cx + 70, top + 112); cairo_line_to(cr, cx + 96, top + 112);
    cairo_move_to(cr, cx + 90, top + 112); cairo_line_to(cr, cx + 90, top + 120);
    cairo_move_to(cr, cx + 95, top + 112); cairo_line_to(cr, cx + 95, top + 119);
    cairo_stroke(cr);
    cairo_set_line_width(cr, 0.8);
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    cairo_rectangle(cr, cx - 110, top, 220, 150);
    cairo_stroke(cr);
}

int main(int argc, char **argv) {
    const char *out = argc > 1 ? argv[1] : "sample-book.pdf";
    cairo_surface_t *pdf = cairo_pdf_surface_create(out, PAGE_W, PAGE_H);
    cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_TITLE, "Alice's Adventures in Wonderland (opening) - Folio's sample book");
    cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_AUTHOR, "Lewis Carroll (1865); typeset by scripts/make-builtin-book");
    cairo_t *cr = cairo_create(pdf);
    split_words();
    double cx = PAGE_W / 2;

    /* 1: title page */
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    font(cr, 12, 0, 0);
    centred(cr, "ALICE’S ADVENTURES", cx, 150);
    centred(cr, "IN WONDERLAND", cx, 168);
    font(cr, 26, 0, 1);
    centred(cr, "Down the", cx, 230);
    centred(cr, "Rabbit-Hole", cx, 264);
    cairo_set_line_width(cr, 0.8);
    cairo_move_to(cr, cx - 40, 292); cairo_line_to(cr, cx + 40, 292); cairo_stroke(cr);
    font(cr, 12, 1, 0);
    centred(cr, "by Lewis Carroll", cx, 320);
    font(cr, 8, 0, 0);
    cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
    centred(cr, "Folio’s sample book · the text of 1865 is in the public domain", cx, PAGE_H - 40);
    cairo_show_page(cr);

    /* 2, 3: the chapter begins */
    font(cr, 9, 0, 0);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    centred(cr, "CHAPTER I.", cx, MARGIN_TOP + 40);
    font(cr, 16, 0, 1);
    centred(cr, "Down the Rabbit-Hole", cx, MARGIN_TOP + 64);
    font(cr, FONT_SIZE, 0, 0);
    flow(cr, MARGIN_TOP + 88, PAGE_H - MARGIN_BOTTOM);
    folio(cr, 2);
    cairo_show_page(cr);
    font(cr, FONT_SIZE, 0, 0);
    flow(cr, MARGIN_TOP, PAGE_H - MARGIN_BOTTOM);
    folio(cr, 3);
    cairo_show_page(cr);

    /* 4, 5: the spread */
    for (int half = 0; half < 2; half++) {
        cairo_save(cr);
        cairo_rectangle(cr, 0, 0, PAGE_W, PAGE_H);
        cairo_clip(cr);
        cairo_translate(cr, -half * PAGE_W, 0);
        meadow(cr);
        cairo_restore(cr);
        folio(cr, 4 + half);
        cairo_show_page(cr);
    }

    /* 6: text */
    font(cr, FONT_SIZE, 0, 0);
    flow(cr, MARGIN_TOP, PAGE_H - MARGIN_BOTTOM);
    folio(cr, 6);
    cairo_show_page(cr);

    /* 7: text with a picture */
    font(cr, FONT_SIZE, 0, 0);
    double y = flow(cr, MARGIN_TOP, MARGIN_TOP + 6 * LEADING);
    bottle(cr, cx, y + 6);
    font(cr, 9, 1, 0);
    centred(cr, "The little bottle and the golden key", cx, y + 172);
    font(cr, FONT_SIZE, 0, 0);
    flow(cr, y + 186, PAGE_H - MARGIN_BOTTOM);
    folio(cr, 7);
    cairo_show_page(cr);

    /* 8: the rest, then the end of the sample */
    font(cr, FONT_SIZE, 0, 0);
    y = flow(cr, MARGIN_TOP, PAGE_H - MARGIN_BOTTOM - 40);
    font(cr, 9, 1, 0);
    centred(cr, "— end of the sample —", cx, y + 14);
    folio(cr, 8);
    cairo_show_page(cr);

    if (next_word < word_count) fprintf(stderr, "builtin-book: %d words did not fit\n", word_count - next_word);
    cairo_destroy(cr);
    cairo_surface_finish(pdf);
    int status = cairo_surface_status(pdf);
    cairo_surface_destroy(pdf);
    if (status != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "builtin-book: %s\n", cairo_status_to_string(status)); return 1; }
    return next_word < word_count ? 1 : 0;
}
