#version 330 core
// One triangle of a layer's polygon. Positions arrive in clip space (x, y, 0, w) — never
// pre-divided — so the hardware interpolates the layer-local point perspective-correctly.
//
// Compiled once per shader variant: the renderer puts `#define`s after the version line
// (see ShaderVariant.swift). EDGE_SLOTS (0, 4 or 8) is how many of the triangle's silhouette
// edges the fragment shader multiplies into the coverage.
#ifndef EDGE_SLOTS
#define EDGE_SLOTS 0
#endif

layout(location = 0) in vec4 aClip;
layout(location = 1) in vec2 aLocal;

out vec2 vLocal;

#if EDGE_SLOTS > 0
// The silhouette edges near this triangle, in framebuffer pixels: distance = dot(xy, p) + z,
// positive inside. The same for all three corners (a property of the triangle), hence flat.
// Unused slots hold (0, 0, 1): distance 1, full coverage.
layout(location = 2) in vec3 aEdge[EDGE_SLOTS];
flat out vec3 vEdge[EDGE_SLOTS];
#endif

void main() {
    vLocal = aLocal;
#if EDGE_SLOTS > 0
    for (int i = 0; i < EDGE_SLOTS; ++i) vEdge[i] = aEdge[i];
#endif
    gl_Position = aClip;
}
