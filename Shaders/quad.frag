#version 330 core
// Shades one triangle of a layer's polygon: background, texture, the layer's own gradient, a
// merged shadow overlay, all premultiplied; then multiplies by opacity and edge coverage.
//
// Compiled once per shader variant: the renderer puts `#define`s after the version line (see
// ShaderVariant.swift) and each feature a draw does not need is left out entirely, because a
// software rasterizer (llvmpipe) runs every branch and loop iteration of a shader for every
// pixel. What remains has no branches and no loops with a run-time bound.
//
//   TEXTURE            sample the layer's contents (premultiplied RGBA, rows top to bottom)
//   TEXTURE_FLIPPED    …stored bottom row first (an app's texture rendered through an FBO)
//   TEXTURE_STRAIGHT   …with straight alpha: premultiply as sampled
//   CONTENTS_FADE      …at an alpha of its own, uContentsFade (a front seen through the paper)
//   BACKGROUND         the layer's background colour under its contents
//   GRADIENT_STOPS n   the layer's own gradient (gradient layers): n stops, 1…8 unrolled; more
//                      (16, 32, … 1024, padded with the last stop) by a binary search
//   OVERLAY_STOPS n    a shadow sublayer merged into this draw, 1…8 stops
//
// Gradients are Core Animation's: stop colours arrive straight (not premultiplied), are
// interpolated straight and premultiplied afterwards (white → clear is grey at alpha 0.5
// halfway), exactly the rule of `GradientStops` in FolioLayers.
//   ROUND_OWN          the layer's rounded corners cut from its background
//   ROUND_CONTENTS     …and from its contents, gradient and merged overlay (masksToBounds)
//   LAYER_BORDER       the layer's border band drawn over the rest, in this draw (a leaf)
//   LAYER_BORDER_ONLY  only the border band (a draw after the layer's sublayers)
//   ROUND_MASK         the rounded corners of a masking ancestor cut from this draw
//   EDGE_SLOTS n       analytic antialiasing over n (4 or 8) silhouette edges per triangle
//   EDGE_PARTNERS      …some combined otherwise than by the product: a neighbour's across a
//                      sub-pixel slit, a nearly straight corner's (with EDGE_SLOTS 8)
//   BORDER             the one-texel transparent border ramp (`--aa border`)
//   LIGHT              paper light from the interpolated normal (PaperLight: diffuse + sheen)
//   SHADOW_BLUR        a cast shadow (with EDGE_SLOTS 0, 4 or 8): the edges are a shadow sheet's,
//                      faded over the penumbra by the disc-light ramp F; the output's alpha is
//                      the light left, 1 − o(h)·F (CastShadow in FolioSurface)
//   RECEIVER_CASTERS n a receiver lifted off the page under n flat casters (1…8, unrolled), in
//                      one draw: each caster's shadow on the receiver's plane is a height plane
//                      and up to five edge lines in the receiver's points (vLocal); the pixel
//                      takes the darkest caster's o(h)·F and outputs the light left as its
//                      colour, multiplied in by the blending (DrawList+RaisedShadow.swift)
//   RECEIVER_SURFACE   …on a curved receiver (with RECEIVER_CASTERS 1…16): the casters are
//                      planar pieces measured per pixel from its 3D point (vPoint) along the
//                      light (DrawList+SurfaceReceiverShadow.swift)

#ifndef EDGE_SLOTS
#define EDGE_SLOTS 0
#endif

out vec4 fragColor;

uniform float uOpacity;
uniform vec4 uBounds;            // layer bounds: origin (xy) and size (zw), points

#ifdef BACKGROUND
uniform vec4 uBackground;        // premultiplied
#endif

#ifdef CONTENTS_FADE
uniform float uContentsFade;
#endif
#ifdef TEXTURE
uniform sampler2D uTexture;
in vec2 vTexCoord;               // see Shaders/quad.vert
#ifdef GL_ES
// OpenGL ES has no texture parameter for a level-of-detail bias: the upload's (−½ a page at
// rest, −¾ one rasterised finer; 0 under a sampler object, which replaces it on desktop GL) is
// added here, so ES picks the mipmap levels desktop GL does. Without it a tile minified in a
// fold's band sampled a level past those its gutter keeps on the page's grid, up to 7/255 off.
uniform float uLevelOfDetailBias;
#define SAMPLE_CONTENTS(p) texture(uTexture, p, uLevelOfDetailBias)
#else
#define SAMPLE_CONTENTS(p) texture(uTexture, p)
#endif
#endif

#if defined(GRADIENT_STOPS) || defined(OVERLAY_STOPS)
// One span of a gradient, from stop a to stop b: where t ≤ lb, the colour between ca and cb
// (straight, linear); elsewhere `color`, what the spans above gave. Walking the spans
// downwards, the first stop at or past t wins. Locations arrive within 0…1 (QuadRenderer
// moves stops outside it onto its ends, with the same colours there), so no location, width
// or fraction here can overflow a float, whatever finite locations the layer has.
vec4 span(vec4 color, float t, float la, float lb, vec4 ca, vec4 cb) {
    float width = lb - la;
    float f = width > 0.0 ? (t - la) / width : 1.0;
    return mix(color, mix(ca, cb, f), bvec4(t <= lb));
}

vec4 premultiplied(vec4 c) { return vec4(c.rgb * c.a, c.a); }
#endif

// Each gradient reads its own uniforms directly, its stop count a compile-time constant, so
// the loop unrolls into selects with constant indices (arrays passed as arguments would be
// copied for every pixel). t, how far along its axis the pixel lies, comes interpolated from
// the vertex shader. Before the first stop: the first colour; after the last: the last.
#ifdef GRADIENT_STOPS
uniform vec4 uGradientColors[GRADIENT_STOPS];                 // straight RGBA
uniform vec4 uGradientLocations[(GRADIENT_STOPS + 3) / 4];    // four locations per vector
in float vGradientT;

float gradientLocation(int i) { return uGradientLocations[i >> 2][i & 3]; }

#if GRADIENT_STOPS <= 8
vec4 gradientColor() {
    if (GRADIENT_STOPS == 1) return premultiplied(uGradientColors[0]);
    float t = clamp(vGradientT, 0.0, 1.0);
    vec4 color = uGradientColors[GRADIENT_STOPS - 1];
    for (int i = GRADIENT_STOPS - 1; i >= 1; --i) {
        color = span(color, t, gradientLocation(i - 1), gradientLocation(i), uGradientColors[i - 1], uGradientColors[i]);
    }
    return premultiplied(mix(color, uGradientColors[0], bvec4(t <= gradientLocation(0))));
}
#else
// Many stops (a power of two, padded with copies of the last): k, the number of stops before
// t, by a binary search of log2(n) steps; then the span from stop k − 1 to stop k.
vec4 gradientColor() {
    float t = clamp(vGradientT, 0.0, 1.0);
    int k = 0;
    for (int s = GRADIENT_STOPS / 2; s >= 1; s /= 2) {
        k += gradientLocation(k + s - 1) < t ? s : 0;
    }
    k += gradientLocation(k) < t ? 1 : 0;
    int b = min(k, GRADIENT_STOPS - 1), a = max(k - 1, 0);
    float la = gradientLocation(a), lb = gradientLocation(b);
    float f = lb > la ? (t - la) / (lb - la) : 1.0;
    return premultiplied(mix(uGradientColors[a], uGradientColors[b], f));
}
#endif
#endif

#ifdef OVERLAY_STOPS
uniform vec4 uOverlayColors[OVERLAY_STOPS];                   // straight RGBA
uniform vec4 uOverlayLocations[(OVERLAY_STOPS + 3) / 4];
uniform float uOverlayOpacity;
in float vOverlayT;

float overlayLocation(int i) { return uOverlayLocations[i >> 2][i & 3]; }

vec4 overlayColor() {
    if (OVERLAY_STOPS == 1) return premultiplied(uOverlayColors[0]);
    float t = clamp(vOverlayT, 0.0, 1.0);
    vec4 color = uOverlayColors[OVERLAY_STOPS - 1];
    for (int i = OVERLAY_STOPS - 1; i >= 1; --i) {
        color = span(color, t, overlayLocation(i - 1), overlayLocation(i), uOverlayColors[i - 1], uOverlayColors[i]);
    }
    return premultiplied(mix(color, uOverlayColors[0], bvec4(t <= overlayLocation(0))));
}
#endif

#if defined(ROUND_OWN) || defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY) || defined(ROUND_MASK)
// Coverage of the rounded rectangle with corners rect.xy (min) and rect.zw (max) and corner
// radius r at point p of its plane, as a one-pixel ramp across its edge (`perPixel`: the
// plane's units per pixel there). With `cornersOnly`, what the rounding removes from the
// plain rectangle's coverage, as a factor: the straight sides are the polygon's own,
// antialiased as silhouettes already, and multiplying by this factor makes their product
// the rounded rectangle's coverage, also where the arcs meet the sides.
float roundedRectCoverage(vec2 p, vec4 rect, float r, float perPixel, bool cornersOnly) {
    vec2 centre = 0.5 * (rect.xy + rect.zw);
    vec2 halfSize = 0.5 * (rect.zw - rect.xy);
    vec2 q = abs(p - centre) - (halfSize - vec2(r));
    float outside = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
    float c = clamp(0.5 - outside / perPixel, 0.0, 1.0);
    c = mix(c, 0.0, float(halfSize.x <= 0.0 || halfSize.y <= 0.0));
    vec2 s = abs(p - centre) - halfSize;
    float square = clamp(0.5 - max(s.x, s.y) / perPixel, 0.0, 1.0);
    return cornersOnly ? (square > 0.0 ? min(c / square, 1.0) : 1.0) : c;
}

// How many units of p's plane one pixel spans (the larger of its two directions).
float unitsPerPixel(vec2 p) {
    vec2 dx = dFdx(p), dy = dFdy(p);
    return max(max(length(vec2(dx.x, dy.x)), length(vec2(dx.y, dy.y))), 1e-6);
}
#endif

#if defined(ROUND_OWN) || defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY)
in vec2 vLocal;
uniform float uCornerRadius;     // effective, points
#endif
#if defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY)
uniform float uBorderWidth;      // effective, points
uniform vec4 uBorderColor;       // premultiplied
#endif

#ifdef ROUND_MASK
uniform mat3 uMaskMap;           // framebuffer pixel → the masking layer's own point (homogeneous)
uniform vec4 uMaskRect;          // its bounds: min xy, max zw
uniform float uMaskRadius;

float maskCoverage() {
    vec3 h = uMaskMap * vec3(gl_FragCoord.xy, 1.0);
    vec2 p = h.xy / h.z;
    return roundedRectCoverage(p, uMaskRect, uMaskRadius, unitsPerPixel(p), true);
}
#else
float maskCoverage() { return 1.0; }
#endif

#ifdef SHADOW_BLUR
// CastShadow: at height h (interpolated) the penumbra is w(h) = w0 + 2h·tanβ pixels wide and
// the umbra's opacity o(h) = o0 / (1 + h/h0). A pixel u = 2d/w inside the sheet's nearest edge
// (d in pixels; the minimum over its edges) is covered by F(u) = 1 − (acos u − u√(1 − u²))/π,
// the share of a disc light hidden by a straight edge.
uniform vec4 uShadowTerms;       // o0, 1/h0 (per point), w0 (pixels), 2·tanβ (pixels per point)
in float vHeight;
in float vShare;                 // the receiver's share of the darkness (1 on the page plane)

float shadowOpacity() { return vShare * uShadowTerms.x / (1.0 + max(vHeight, 0.0) * uShadowTerms.y); }

#endif

#if defined(RECEIVER_CASTERS) && defined(RECEIVER_SURFACE)
// A curved receiver (DrawList+SurfaceReceiverShadow.swift): per piece eight vectors — the
// distance along the light from the receiver's 3D point to the piece's plane (g, c: dot(g, X) + c),
// six edge lines of the piece seen along the light (g, c; points inside, g across the light;
// (0, 0, 0, 1e6) for none), then (1/h0, sheet, contact, 0). uShadowTerms: o0, unused, w0
// (points), 2·tanβ. The share of direct light comes per vertex.
uniform vec4 uCasters[RECEIVER_CASTERS * 8];
uniform vec4 uShadowTerms;
in vec3 vPoint;
in float vShare;

// Per piece o(t)·F(2d/w(t)), d the distance inside its nearest side seen along the light and t
// its distance along the light at that side's nearest point (0 where the piece is not above the
// pixel); summed over the consecutive pieces of one sheet (they do not overlap seen from the
// light, and F(u) + F(−u) = 1 across the side two pieces share), the darkest sheet kept.
float receiverDarkness() {
    float darkness = 0.0;
    float sum = 0.0;
    float sheet = -1.0;
    for (int i = 0; i < RECEIVER_CASTERS; ++i) {
        float d = 1e6;
        vec3 n = vec3(0.0);
        for (int k = 1; k <= 6; ++k) {
            vec4 e = uCasters[i * 8 + k];
            float dk = dot(e.xyz, vPoint) + e.w;
            n = dk < d ? e.xyz : n;
            d = min(d, dk);
        }
        vec4 plane = uCasters[i * 8];
        vec4 extra = uCasters[i * 8 + 7];
        float t = dot(plane.xyz, vPoint - n * min(d, 0.0)) + plane.w;
        float above = step(extra.z, t);
        float u = clamp(2.0 * d / max(uShadowTerms.z + uShadowTerms.w * max(t, 0.0), 1e-3), -1.0, 1.0);
        float f = 1.0 - (acos(u) - u * sqrt(max(1.0 - u * u, 0.0))) / 3.14159265358979;
        float c = above * f * uShadowTerms.x / (1.0 + max(t, 0.0) * extra.x);
        float same = 1.0 - step(0.5, abs(extra.y - sheet));
        sum = c + sum * same;
        sheet = extra.y;
        darkness = max(darkness, sum);
    }
    return min(darkness, uShadowTerms.x) * vShare;
}
#elif defined(RECEIVER_CASTERS)
// Per caster six vectors: its height above the receiver as a plane over the receiver's points
// (a, b, c, 1/h0), then five edge lines (nx, ny, c, unused) of its shadow, distance in points
// positive inside; an edge that is none holds (0, 0, 1e6). uShadowTerms: o0, the receiver's
// share of direct light, w0 (points), 2·tanβ.
uniform vec4 uCasters[RECEIVER_CASTERS * 6];
uniform vec4 uShadowTerms;
#if !(defined(ROUND_OWN) || defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY) || defined(BORDER))
in vec2 vLocal;
#endif

// The darkest caster's o(h)·F(2d/w(h)), d the distance inside its shadow's nearest edge; outside
// the shadow h is that of the edge's nearest point, as the skirts of SHADOW_BLUR carry it.
float receiverDarkness() {
    float darkness = 0.0;
    for (int i = 0; i < RECEIVER_CASTERS; ++i) {
        float d = 1e6;
        vec2 n = vec2(0.0);
        for (int k = 1; k <= 5; ++k) {
            vec4 e = uCasters[i * 6 + k];
            float dk = dot(e.xy, vLocal) + e.z;
            n = dk < d ? e.xy : n;
            d = min(d, dk);
        }
        vec4 plane = uCasters[i * 6];
        float h = max(dot(plane.xy, vLocal - n * min(d, 0.0)) + plane.z, 0.0);
        float u = clamp(2.0 * d / max(uShadowTerms.z + uShadowTerms.w * h, 1e-3), -1.0, 1.0);
        float f = 1.0 - (acos(u) - u * sqrt(max(1.0 - u * u, 0.0))) / 3.14159265358979;
        darkness = max(darkness, f * uShadowTerms.x / (1.0 + h * plane.w));
    }
    return darkness * uShadowTerms.y;
}
#endif

#if EDGE_SLOTS > 0
flat in vec3 vEdge[EDGE_SLOTS];

// The exact fraction of a one-pixel box on the inside of a straight edge whose unit normal is
// n, the box centre lying d pixels inside. The projection of the box onto n is a trapezoid
// distribution; this is its cumulative area. Every case is computed and the right one
// selected (no branches); an unused slot, n = 0 and d = 1, gives exactly 1.
float halfPlaneCoverage(float d, vec2 n) {
    float u = max(abs(n.x), abs(n.y));
    float v = min(abs(n.x), abs(n.y));
    float a = 0.5 * (u - v);
    float b = 0.5 * (u + v);
    float middle = 0.5 + d / u;
    float high = 1.0 - (b - d) * (b - d) / (2.0 * u * v);
    float low = (d + b) * (d + b) / (2.0 * u * v);
    float c = middle;
    c = mix(c, low, d <= -a);
    c = mix(c, high, d >= a);
    c = mix(c, clamp(middle, 0.0, 1.0), v < 1e-5);   // axis-aligned: a linear ramp
    c = mix(c, 0.0, d <= -b);
    c = mix(c, 1.0, d >= b);
    return c;
}

#ifdef SHADOW_BLUR
float coverage() {
    float toU = 2.0 / max(uShadowTerms.z + uShadowTerms.w * max(vHeight, 0.0), 1e-3);
    float u = 1.0;
    for (int i = 0; i < EDGE_SLOTS; ++i) {
        u = min(u, (dot(vEdge[i].xy, gl_FragCoord.xy) + vEdge[i].z) * toU);
    }
    u = clamp(u, -1.0, 1.0);
    return 1.0 - (acos(u) - u * sqrt(max(1.0 - u * u, 0.0))) / 3.14159265358979;
}
#elif defined(EDGE_PARTNERS)
// Slots combined other than by the product (DrawList+Slits.swift, DrawList+CrossingEdges.swift),
// told apart by the length of their normal: 1 the item's own edge (multiplied in, as below); 8
// an edge of a nearly straight corner of the item's own outline (the smallest such coverage is
// taken: both lines cross the same pixels, and their product would count the pixel's part
// twice); 2 a neighbour's silhouette facing the item's across a slit under a pixel wide, whose
// part of the pixel no other draw adds (added: the two parts are disjoint, so the pixel's
// coverage is their sum, where "over" would give a + b − ab); 4 such a neighbour drawn before
// the item in the same pixel (divided out: drawing c / (1 − b) over the neighbour's b leaves
// b + c, their sum); 16 the silhouette of an opaque sheet drawn after the item that crosses
// the item's edge in this pixel (filtered over what it leaves: the item draws the part of the
// pixel inside its own edge and outside that line, divided by the part outside that line,
// (b − o) / (1 − c); the later sheet's c over it leaves every colour its exact share; two such
// lines are the later sheet's corner, filtered by the box inside both); 32 the
// silhouette of an opaque sheet cut back out of a contour's band the item owns, continued into
// the band (the item covers the union of its part and that line's: with the own edge most
// nearly parallel to it, the box inside either, a + u − (the box inside both), times the other
// own edges); 64 and 128 a neighbour patch's edge where the item's own outline turns into it at
// a seam's end, convex and reflex (DrawList+TurningCorners.swift: paired with the own edge
// most nearly parallel, as the band's line is; the box inside both at a convex vertex, inside either,
// a + u − o, at a reflex one, times the other own edges). Scaling a line by a power of two is
// exact in floats, and gives the same distance once divided.
//
// EDGE_CLIPS (with EDGE_PARTNERS) adds what only a few pieces need — a later sheet's corner
// (two kind-16 lines) and the band's union clipped by another own edge, area by area — and
// costs several more clipped boxes per pixel; llvmpipe runs every one of them for every pixel
// of a draw, so the tessellation draws only the pieces that carry two later lines or a band's
// line in this variant (DrawList.writeTriangles), and the other partner pieces without it.

// The corners a clipped box keeps room for: four, plus one per line (two lines in
// EDGE_PARTNERS, three in EDGE_CLIPS). A software rasterizer runs every slot.
#ifdef EDGE_CLIPS
#define BOX_CORNERS 8
#else
#define BOX_CORNERS 6
#endif

// The area of the pixel's box (centred on 0) inside both lines `dot(l.xy, p) + l.z ≥ 0`
// (unit normals, l.z the box centre's distance): the box clipped by one line, then the other
// (a convex polygon of at most six corners), by the shoelace formula.
void clipBox(inout vec2 poly[BOX_CORNERS], inout int count, vec3 line) {
    vec2 kept[BOX_CORNERS];
    int m = 0;
    for (int i = 0; i < BOX_CORNERS; ++i) {
        if (i < count) {
            vec2 a = poly[i];
            vec2 b = poly[i + 1 < count ? i + 1 : 0];
            float va = dot(line.xy, a) + line.z;
            float vb = dot(line.xy, b) + line.z;
            if (va >= 0.0) { kept[min(m, BOX_CORNERS - 1)] = a; m += 1; }
            if ((va >= 0.0) != (vb >= 0.0)) { kept[min(m, BOX_CORNERS - 1)] = mix(a, b, va / (va - vb)); m += 1; }
        }
    }
    poly = kept;
    count = min(m, BOX_CORNERS);
}

float boxInsideBoth(vec3 first, vec3 second) {
    vec2 poly[BOX_CORNERS];
    poly[0] = vec2(-0.5, -0.5); poly[1] = vec2(0.5, -0.5); poly[2] = vec2(0.5, 0.5); poly[3] = vec2(-0.5, 0.5);
    for (int i = 4; i < BOX_CORNERS; ++i) { poly[i] = vec2(0.0); }
    int count = 4;
    clipBox(poly, count, first);
    clipBox(poly, count, second);
    float twice = 0.0;
    for (int i = 0; i < BOX_CORNERS; ++i) {
        if (i < count) {
            vec2 a = poly[i];
            vec2 b = poly[i + 1 < count ? i + 1 : 0];
            twice += a.x * b.y - b.x * a.y;
        }
    }
    return clamp(0.5 * abs(twice), 0.0, 1.0);
}

#ifdef EDGE_CLIPS
// The area of the pixel's box inside three lines, as boxInsideBoth (at most seven corners):
// a later sheet's corner (two lines) over the item's own edge, and the band's union inside
// another own edge (DrawList+CrossingEdges.swift).
float boxInsideThree(vec3 first, vec3 second, vec3 third) {
    vec2 poly[BOX_CORNERS];
    poly[0] = vec2(-0.5, -0.5); poly[1] = vec2(0.5, -0.5); poly[2] = vec2(0.5, 0.5); poly[3] = vec2(-0.5, 0.5);
    for (int i = 4; i < BOX_CORNERS; ++i) { poly[i] = vec2(0.0); }
    int count = 4;
    clipBox(poly, count, first);
    clipBox(poly, count, second);
    clipBox(poly, count, third);
    float twice = 0.0;
    for (int i = 0; i < BOX_CORNERS; ++i) {
        if (i < count) {
            vec2 a = poly[i];
            vec2 b = poly[i + 1 < count ? i + 1 : 0];
            twice += a.x * b.y - b.x * a.y;
        }
    }
    return clamp(0.5 * abs(twice), 0.0, 1.0);
}
#endif

float coverage() {
    // The band's line (kind 32) or a turning corner's (64, 128) first: it decides which own
    // edge it joins. A piece takes at most one of them.
    vec3 bandLine = vec3(0.0, 0.0, 1.0);
    float inBand = 0.0, convex = 0.0, turnKind = 0.0;
    for (int i = 0; i < EDGE_SLOTS; ++i) {
        float k = dot(vEdge[i].xy, vEdge[i].xy);
        float s = k > 2.0 ? inversesqrt(k) : 1.0;
        bool isBand = k > 512.0;
        bandLine = isBand ? vec3(vEdge[i].xy * s, (dot(vEdge[i].xy, gl_FragCoord.xy) + vEdge[i].z) * s) : bandLine;
        inBand = isBand ? 1.0 : inBand;
        convex = isBand && k > 2048.0 && k < 8192.0 ? 1.0 : convex;
        turnKind = isBand && k > 2048.0 ? 1.0 : turnKind;
    }
    float own = 1.0, straight = 1.0, joined = 0.0, under = 0.0;
    // The own edge that covers least (the one whose line the pixel's box crosses), and the
    // later sheet's line turned outward (the part it leaves).
    float least = 1.0, later = 0.0, crossed = 0.0;
    vec3 ownLine = vec3(0.0, 0.0, 1.0), leftLine = vec3(0.0, 0.0, 1.0);
#ifdef EDGE_CLIPS
    float crossed2 = 0.0;
    vec3 wedgeLine = vec3(0.0, 0.0, 1.0);
#endif
    // The own edge most nearly parallel to the band's line, and the product of the others.
    float pairDot = -2.0, pair = 1.0, unpaired = 1.0;
    vec3 pairLine = vec3(0.0, 0.0, 1.0);
    for (int i = 0; i < EDGE_SLOTS; ++i) {
        float k = dot(vEdge[i].xy, vEdge[i].xy);
        float s = k > 2.0 ? inversesqrt(k) : 1.0;
        float d = (dot(vEdge[i].xy, gl_FragCoord.xy) + vEdge[i].z) * s;
        vec2 n = vEdge[i].xy * s;
        float h = halfPlaneCoverage(d, n);
        bool isOwn = k < 2.0;
        own *= isOwn ? h : 1.0;
        ownLine = isOwn && h < least ? vec3(n, d) : ownLine;
        least = isOwn && h < least ? h : least;
        bool closer = isOwn && dot(n, bandLine.xy) > pairDot;
        unpaired *= isOwn ? (closer ? pair : h) : 1.0;
        pair = closer ? h : pair;
        pairLine = closer ? vec3(n, d) : pairLine;
        pairDot = closer ? dot(n, bandLine.xy) : pairDot;
        straight = min(straight, k > 32.0 && k < 128.0 ? h : 1.0);
        joined += k > 2.0 && k < 8.0 ? h : 0.0;
        under = max(under, k > 8.0 && k < 32.0 ? h : 0.0);
        bool isLater = k > 128.0 && k < 512.0;
#ifdef EDGE_CLIPS
        // A second later line: the later patch's other edge at its corner.
        wedgeLine = isLater ? -leftLine : wedgeLine;
        crossed2 = isLater && crossed > 0.5 ? 1.0 : crossed2;
#endif
        leftLine = isLater ? vec3(-n, -d) : leftLine;
        later = isLater ? h : later;
        crossed = isLater ? 1.0 : crossed;
    }
    // A band's line joins only a nearly parallel own edge (DrawList.bandJoinCosine, 30°, less
    // a margin); a turning corner's any own edge the piece carries.
    inBand = pairDot > 0.85 || (inBand > 0.5 && pairDot > -1.5 && turnKind > 0.5) ? inBand : 0.0;
    // One clipped box serves both: a piece takes a later line or a band's, never both.
    float both = boxInsideBoth(inBand > 0.5 ? pairLine : ownLine, inBand > 0.5 ? bandLine : leftLine);
    float others = own / max(least, 1e-6);
    float filtered = min(both / max(1.0 - later, 1e-6), 1.0) * others;
    float united = clamp(pair + halfPlaneCoverage(bandLine.z, bandLine.xy) - both, 0.0, 1.0) * unpaired;
#ifdef EDGE_CLIPS
    // A band's union lies inside the other own edges, and where one of them crosses the box
    // too (the contour, at a contour's end) the product is not the box inside it: the union
    // is clipped by the one that covers least, area by area, and the rest multiplied.
    float otherLeast = 1.0;
    vec3 otherLine = vec3(0.0, 0.0, 1.0);
    for (int i = 0; i < EDGE_SLOTS; ++i) {
        float k = dot(vEdge[i].xy, vEdge[i].xy);
        float d = dot(vEdge[i].xy, gl_FragCoord.xy) + vEdge[i].z;
        float h = halfPlaneCoverage(d, vEdge[i].xy);
        bool isOther = k < 2.0 && vec3(vEdge[i].xy, d) != pairLine && h < otherLeast;
        otherLine = isOther ? vec3(vEdge[i].xy, d) : otherLine;
        otherLeast = isOther ? h : otherLeast;
    }
    float unitedInside = boxInsideBoth(otherLine, pairLine) + boxInsideBoth(otherLine, bandLine)
        - boxInsideThree(otherLine, pairLine, bandLine);
    united = mix(united, clamp(unitedInside, 0.0, 1.0) * min(unpaired / max(otherLeast, 1e-6), 1.0), inBand * (1.0 - turnKind));
#endif
    united = mix(united, both * unpaired, convex);
#ifdef EDGE_CLIPS
    // Two later lines: the later sheet's corner covers the box inside both, w; the item draws
    // its part outside that wedge over the part outside it, (b − o) / (1 − w).
    float wedge = boxInsideBoth(-leftLine, wedgeLine);
    float underWedge = boxInsideThree(ownLine, -leftLine, wedgeLine);
    filtered = mix(filtered, min(max(least - underWedge, 0.0) / max(1.0 - wedge, 1e-6), 1.0) * others, crossed2);
#endif
    float c = min(mix(mix(own, filtered, crossed), united, inBand) * straight + joined, 1.0);
    return c / max(max(1.0 - under, c), 1e-6);
}
#else
float coverage() {
    float c = 1.0;
    for (int i = 0; i < EDGE_SLOTS; ++i) {
        c *= halfPlaneCoverage(dot(vEdge[i].xy, gl_FragCoord.xy) + vEdge[i].z, vEdge[i].xy);
    }
    return c;
}
#endif
#elif defined(BORDER)
uniform vec2 uTexelsPerPoint;    // content texels per point along x and y
#if !(defined(ROUND_OWN) || defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY))
in vec2 vLocal;
#endif

// A one-texel transparent border sampled bilinearly: a linear ramp across one texel.
float coverage() {
    vec2 fromMin = (vLocal - uBounds.xy) * uTexelsPerPoint;
    vec2 fromMax = (uBounds.xy + uBounds.zw - vLocal) * uTexelsPerPoint;
    vec2 ramp = clamp(min(fromMin, fromMax) + 0.5, 0.0, 1.0);
    return ramp.x * ramp.y;
}
#else
float coverage() { return 1.0; }
#endif

#ifdef LIGHT
// PaperLight (FolioSurface): D = a + (1 − a)·max(0, N·L)/L_z, S = k·max(0, max(0, N·H)^e − rest),
// rest = (ẑ·H)^e, so a flat page facing the viewer is unchanged. Premultiplied: rgb·D + S·α.
uniform vec3 uLightDirection;    // unit, toward the light
uniform vec3 uLightHalf;         // unit half vector between the light and the viewer
uniform vec4 uLightTerms;        // ambient a, sheen k, exponent e, rest (ẑ·H)^e
in vec3 vNormal;

vec4 lit(vec4 color) {
    vec3 n = normalize(vNormal);
    float diffuse = uLightTerms.x + (1.0 - uLightTerms.x) * max(0.0, dot(n, uLightDirection)) / uLightDirection.z;
    float sheen = uLightTerms.y * max(0.0, pow(max(0.0, dot(n, uLightHalf)), uLightTerms.z) - uLightTerms.w);
    return vec4(clamp(color.rgb * diffuse + sheen * color.a, 0.0, 1.0), color.a);
}
#endif

void main() {
#ifdef RECEIVER_CASTERS
    // Blended as colour × source colour, alpha kept (QuadRenderer+CastShadow.swift).
    fragColor = vec4(vec3(1.0 - receiverDarkness()), 1.0);
    return;
#endif
#ifdef SHADOW_BLUR
    // Drawn with MIN blending into alpha (QuadRenderer+CastShadow.swift): overlapping sheets
    // keep the darkest.
    fragColor = vec4(0.0, 0.0, 0.0, 1.0 - shadowOpacity() * coverage());
    return;
#endif
#if defined(ROUND_OWN) || defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY)
    vec4 ownRect = vec4(uBounds.xy, uBounds.xy + uBounds.zw);
    float ownPixel = unitsPerPixel(vLocal);
    float outer = roundedRectCoverage(vLocal, ownRect, uCornerRadius, ownPixel, true);
#endif
#ifdef ROUND_CONTENTS
    float contentCut = outer;
#else
    float contentCut = 1.0;
#endif
#ifdef BACKGROUND
    vec4 color = uBackground;
#ifdef ROUND_OWN
    color *= outer;
#endif
#else
    vec4 color = vec4(0.0);
#endif
#ifdef TEXTURE
    vec4 texel = SAMPLE_CONTENTS(vTexCoord);
#ifdef TEXTURE_STRAIGHT
    texel.rgb *= texel.a;
#endif
#ifdef CONTENTS_FADE
    texel *= contentCut * uContentsFade;
#else
    texel *= contentCut;
#endif
    color = texel + color * (1.0 - texel.a);
#endif
#ifdef GRADIENT_STOPS
    vec4 g = gradientColor() * contentCut;
    color = g + color * (1.0 - g.a);
#endif
#ifdef OVERLAY_STOPS
    vec4 o = overlayColor() * (uOverlayOpacity * contentCut);
    color = o + color * (1.0 - o.a);
#endif
#if defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY)
    // The band between the rounded bounds and the bounds inset by the border's width, whose
    // corner radius is the outer one less the width.
    vec4 innerRect = ownRect + vec4(uBorderWidth, uBorderWidth, -uBorderWidth, -uBorderWidth);
    float inner = roundedRectCoverage(vLocal, innerRect, max(uCornerRadius - uBorderWidth, 0.0), ownPixel, false);
    vec4 band = uBorderColor * max(outer - inner, 0.0);
#ifdef LAYER_BORDER_ONLY
    color = band;
#else
    color = band + color * (1.0 - band.a);
#endif
#endif
#ifdef LIGHT
    color = lit(color);
#endif
    fragColor = color * (uOpacity * coverage() * maskCoverage());
}
