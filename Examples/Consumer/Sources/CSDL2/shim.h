// SDL2 (Debian libsdl2-dev) for the book-sdl example. SDL_main.h is not wanted: the program's
// own main stays main (SDL only needs SDL_main on Windows, iOS and Android).
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>

// SDL_WINDOWPOS_CENTERED is a function-like macro, which Swift does not import.
static inline int csdl_window_centered(void) { return SDL_WINDOWPOS_CENTERED; }
// SDL_BUTTON_LMASK is one too (SDL_BUTTON(SDL_BUTTON_LEFT)).
static inline Uint32 csdl_button_lmask(void) { return SDL_BUTTON_LMASK; }
