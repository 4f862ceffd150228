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
//   BACKGROUND         the layer's background colour under its contents
//   GRADIENT_STOPS n   the layer's own gradient (gradient layers), 1…8 stops
//   OVERLAY_STOPS n    a shadow sublayer merged into this draw, 1…8 stops
//   EDGE_SLOTS n       analytic antialiasing over n (4 or 8) silhouette edges per triangle
//   BORDER             the one-texel transparent border ramp (`--aa border`)
//   LIGHT              paper light from the interpolated normal (PaperLight: diffuse + sheen)

#ifndef EDGE_SLOTS
#define EDGE_SLOTS 0
#endif

const int MAX_STOPS = 8;

out vec4 fragColor;

uniform float uOpacity;

#ifdef BACKGROUND
uniform vec4 uBackground;        // premultiplied
#endif

#ifdef TEXTURE
uniform sampler2D uTexture;
in vec2 vTexCoord;               // see Shaders/quad.vert
#endif

#if defined(GRADIENT_STOPS) || defined(OVERLAY_STOPS)
// One span of a gradient, from stop a to stop b: where t ≤ lb, the colour between ca and cb
// (premultiplied, linear); elsewhere `color`, what the spans above gave. Walking the spans
// downwards, the first stop at or past t wins.
vec4 span(vec4 color, float t, float la, float lb, vec4 ca, vec4 cb) {
    float width = lb - la;
    float f = width > 0.0 ? (t - la) / width : 1.0;
    return mix(color, mix(ca, cb, f), bvec4(t <= lb));
}
#endif

// Each gradient reads its own uniforms directly, its stop count a compile-time constant, so
// the loop unrolls into selects with constant indices (arrays passed as arguments would be
// copied for every pixel). t, how far along its axis the pixel lies, comes interpolated from
// the vertex shader. Before the first stop: the first colour; after the last: the last.
#ifdef GRADIENT_STOPS
uniform vec4 uGradientColors[MAX_STOPS];
uniform float uGradientLocations[MAX_STOPS];
in float vGradientT;

vec4 gradientColor() {
    if (GRADIENT_STOPS == 1) return uGradientColors[0];
    float t = clamp(vGradientT, 0.0, 1.0);
    vec4 color = uGradientColors[GRADIENT_STOPS - 1];
    for (int i = GRADIENT_STOPS - 1; i >= 1; --i) {
        color = span(color, t, uGradientLocations[i - 1], uGradientLocations[i], uGradientColors[i - 1], uGradientColors[i]);
    }
    return mix(color, uGradientColors[0], bvec4(t <= uGradientLocations[0]));
}
#endif

#ifdef OVERLAY_STOPS
uniform vec4 uOverlayColors[MAX_STOPS];
uniform float uOverlayLocations[MAX_STOPS];
uniform float uOverlayOpacity;
in float vOverlayT;

vec4 overlayColor() {
    if (OVERLAY_STOPS == 1) return uOverlayColors[0];
    float t = clamp(vOverlayT, 0.0, 1.0);
    vec4 color = uOverlayColors[OVERLAY_STOPS - 1];
    for (int i = OVERLAY_STOPS - 1; i >= 1; --i) {
        color = span(color, t, uOverlayLocations[i - 1], uOverlayLocations[i], uOverlayColors[i - 1], uOverlayColors[i]);
    }
    return mix(color, uOverlayColors[0], bvec4(t <= uOverlayLocations[0]));
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

float coverage() {
    float c = 1.0;
    for (int i = 0; i < EDGE_SLOTS; ++i) {
        c *= halfPlaneCoverage(dot(vEdge[i].xy, gl_FragCoord.xy) + vEdge[i].z, vEdge[i].xy);
    }
    return c;
}
#elif defined(BORDER)
uniform vec4 uBounds;            // layer bounds: origin (xy) and size (zw), points
uniform vec2 uTexelsPerPoint;    // content texels per point along x and y
in vec2 vLocal;

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
#ifdef BACKGROUND
    vec4 color = uBackground;
#else
    vec4 color = vec4(0.0);
#endif
#ifdef TEXTURE
    vec4 texel = texture(uTexture, vTexCoord);
#ifdef TEXTURE_STRAIGHT
    texel.rgb *= texel.a;
#endif
    color = texel + color * (1.0 - texel.a);
#endif
#ifdef GRADIENT_STOPS
    vec4 g = gradientColor();
    color = g + color * (1.0 - g.a);
#endif
#ifdef OVERLAY_STOPS
    vec4 o = overlayColor() * uOverlayOpacity;
    color = o + color * (1.0 - o.a);
#endif
#ifdef LIGHT
    color = lit(color);
#endif
    fragColor = color * (uOpacity * coverage());
}
