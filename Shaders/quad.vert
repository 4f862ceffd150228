#version 330 core
// One polygon of a layer. Positions arrive in clip space (x, y, 0, w) — never pre-divided —
// so the hardware interpolates the layer-local point perspective-correctly.
layout(location = 0) in vec4 aClip;
layout(location = 1) in vec2 aLocal;

out vec2 vLocal;

void main() {
    vLocal = aLocal;
    gl_Position = aClip;
}
