// GLEW is used only for glewInit and extension checks; GL calls go through CGL.
#include <GL/glew.h>
// glewExperimental is a mutable C global, which Swift 6 refuses to touch directly.
static inline void folio_glew_init_experimental(void) { glewExperimental = GL_TRUE; }
