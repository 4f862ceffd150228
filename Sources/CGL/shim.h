// Core-profile GL 3.3+ entry points, declared as real functions (GLEW declares macros Swift cannot import).
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
