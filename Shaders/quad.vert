#version 330 core
// One triangle of a layer's polygon. Positions arrive in clip space (x, y, 0, w) — never
// pre-divided — so the hardware interpolates perspective-correctly.
//
// Compiled once per shader variant: the renderer puts `#define`s after the version line (see
// ShaderVariant.swift and Shaders/quad.frag). Whatever is an affine function of the layer's
// own point — texture coordinates, where a gradient's axis has got to — is computed here, per
// vertex, and interpolated: on a plane that is exact, and it spares every pixel the work.

#ifndef EDGE_SLOTS
#define EDGE_SLOTS 0
#endif
#if EDGE_SLOTS != 0 && EDGE_SLOTS != 4 && EDGE_SLOTS != 8
#error EDGE_SLOTS must be 0, 4 or 8 (one attribute per slot below)
#endif

layout(location = 0) in vec4 aClip;
layout(location = 1) in vec2 aLocal;     // the layer's own point (its bounds' coordinates)

uniform vec4 uBounds;                    // layer bounds: origin (xy) and size (zw), points

#ifdef TEXTURE
uniform vec4 uContentsRect;              // unit rectangle of the image shown (xy origin, zw size)
out vec2 vTexCoord;
#endif

#if defined(GRADIENT_STOPS) || defined(OVERLAY_STOPS)
// How far along a gradient's axis (start xy, end zw, unit coordinates) `unit` lies: 0 at the
// start, 1 at the end (not clamped: the fragment shader clamps after interpolation).
float rampPosition(vec4 axis, vec2 unit) {
    vec2 d = axis.zw - axis.xy;
    float len2 = dot(d, d);
    return len2 > 0.0 ? dot(unit - axis.xy, d) / len2 : 0.0;
}
#endif

#ifdef GRADIENT_STOPS
uniform vec4 uGradientAxis;
out float vGradientT;
#endif

#ifdef OVERLAY_STOPS
uniform vec4 uOverlayAxis;
out float vOverlayT;
#endif

#if defined(BORDER) || defined(ROUND_OWN) || defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY) || defined(RECEIVER_CASTERS)
out vec2 vLocal;                         // rounded corners, layer borders, the border AA ramp, a receiver's casters
#endif

#ifdef LIGHT
// The unit normal of the side the viewer sees (+z toward the viewer), after the edge slots.
layout(location = 10) in vec3 aNormal;
out vec3 vNormal;
#endif

#ifdef SHADOW_BLUR
// A cast shadow (DrawList+CastShadow.swift): the caster's height above the receiving plane, in
// points, in the normal's place; interpolated perspective-correctly like any attribute. Then
// 1 − the receiver's share of the darkness (0 on the page plane; a strip of the bend facing
// the light obliquely takes less).
layout(location = 10) in vec3 aShadow;
out float vHeight;
out float vShare;
#endif

#ifdef RECEIVER_SURFACE
// A curved receiver's pass (DrawList+SurfaceReceiverShadow.swift): its 3D point in the
// normal's place, its share of direct light in the local point's x.
layout(location = 10) in vec3 aPoint;
out vec3 vPoint;
out float vShare;
#endif

#if EDGE_SLOTS > 0
// The silhouette edges near this triangle, in framebuffer pixels: distance = dot(xy, p) + z,
// positive inside. The same for all three corners (a property of the triangle), hence flat.
// Unused slots hold (0, 0, 1): distance 1, full coverage. One attribute per slot, not an
// array: GLSL ES 3.00 forbids arrays as vertex inputs (the locations are the same).
layout(location = 2) in vec3 aEdge0;
layout(location = 3) in vec3 aEdge1;
layout(location = 4) in vec3 aEdge2;
layout(location = 5) in vec3 aEdge3;
#if EDGE_SLOTS > 4
layout(location = 6) in vec3 aEdge4;
layout(location = 7) in vec3 aEdge5;
layout(location = 8) in vec3 aEdge6;
layout(location = 9) in vec3 aEdge7;
#endif
flat out vec3 vEdge[EDGE_SLOTS];
#endif

void main() {
    vec2 unit = (aLocal - uBounds.xy) / uBounds.zw;
#ifdef TEXTURE
    vTexCoord = uContentsRect.xy + unit * uContentsRect.zw;
#ifdef TEXTURE_FLIPPED
    vTexCoord.y = 1.0 - vTexCoord.y;
#endif
#endif
#ifdef GRADIENT_STOPS
    vGradientT = rampPosition(uGradientAxis, unit);
#endif
#ifdef OVERLAY_STOPS
    vOverlayT = rampPosition(uOverlayAxis, unit);
#endif
#if defined(BORDER) || defined(ROUND_OWN) || defined(LAYER_BORDER) || defined(LAYER_BORDER_ONLY) || defined(RECEIVER_CASTERS)
    vLocal = aLocal;
#endif
#if EDGE_SLOTS > 0
    vEdge[0] = aEdge0; vEdge[1] = aEdge1; vEdge[2] = aEdge2; vEdge[3] = aEdge3;
#if EDGE_SLOTS > 4
    vEdge[4] = aEdge4; vEdge[5] = aEdge5; vEdge[6] = aEdge6; vEdge[7] = aEdge7;
#endif
#endif
#ifdef LIGHT
    vNormal = aNormal;
#endif
#ifdef SHADOW_BLUR
    vHeight = aShadow.x;
    vShare = 1.0 - aShadow.y;
#endif
#ifdef RECEIVER_SURFACE
    vPoint = aPoint;
    vShare = aLocal.x;
#endif
    gl_Position = aClip;
}
