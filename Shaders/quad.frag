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

#ifndef EDGE_SLOTS
#define EDGE_SLOTS 0
#endif

const int MAX_STOPS = 8;

in vec2 vLocal;
out vec4 fragColor;

uniform vec4 uBounds;            // layer bounds: origin (xy) and size (zw), points
uniform float uOpacity;

#ifdef BACKGROUND
uniform vec4 uBackground;        // premultiplied
#endif

#ifdef TEXTURE
uniform sampler2D uTexture;
uniform vec4 uContentsRect;      // unit rectangle of the image shown (xy origin, zw size)
#endif

#if defined(GRADIENT_STOPS) || defined(OVERLAY_STOPS)
// The colour at `unit` (the layer's unit square) of a gradient with `count` stops (a
// compile-time constant, so the loop unrolls into selects). Stops before the first location
// take the first colour, after the last the last; in between, premultiplied linear steps.
vec4 gradientAt(const int count, vec4 colors[MAX_STOPS], float locations[MAX_STOPS], vec4 axis, vec2 unit) {
    if (count == 1) return colors[0];
    vec2 d = axis.zw - axis.xy;
    float len2 = dot(d, d);
    float t = len2 > 0.0 ? clamp(dot(unit - axis.xy, d) / len2, 0.0, 1.0) : 0.0;
    vec4 color = colors[count - 1];
    // The first stop at or past t wins: walk down so that lower stops overwrite.
    for (int i = count - 1; i >= 1; --i) {
        float span = locations[i] - locations[i - 1];
        float f = span > 0.0 ? (t - locations[i - 1]) / span : 1.0;
        color = mix(color, mix(colors[i - 1], colors[i], f), bvec4(t <= locations[i]));
    }
    return mix(color, colors[0], bvec4(t <= locations[0]));
}
#endif

#ifdef GRADIENT_STOPS
uniform vec4 uGradientColors[MAX_STOPS];
uniform float uGradientLocations[MAX_STOPS];
uniform vec4 uGradientAxis;      // start (xy) and end (zw), unit coordinates
#endif

#ifdef OVERLAY_STOPS
uniform vec4 uOverlayColors[MAX_STOPS];
uniform float uOverlayLocations[MAX_STOPS];
uniform vec4 uOverlayAxis;
uniform float uOverlayOpacity;
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
uniform vec2 uTexelsPerPoint;    // content texels per point along x and y

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

void main() {
    vec2 unit = (vLocal - uBounds.xy) / uBounds.zw;
#ifdef BACKGROUND
    vec4 color = uBackground;
#else
    vec4 color = vec4(0.0);
#endif
#ifdef TEXTURE
    vec2 uv = uContentsRect.xy + unit * uContentsRect.zw;
#ifdef TEXTURE_FLIPPED
    uv.y = 1.0 - uv.y;
#endif
    vec4 texel = texture(uTexture, uv);
#ifdef TEXTURE_STRAIGHT
    texel.rgb *= texel.a;
#endif
    color = texel + color * (1.0 - texel.a);
#endif
#ifdef GRADIENT_STOPS
    vec4 g = gradientAt(GRADIENT_STOPS, uGradientColors, uGradientLocations, uGradientAxis, unit);
    color = g + color * (1.0 - g.a);
#endif
#ifdef OVERLAY_STOPS
    vec4 o = gradientAt(OVERLAY_STOPS, uOverlayColors, uOverlayLocations, uOverlayAxis, unit) * uOverlayOpacity;
    color = o + color * (1.0 - o.a);
#endif
    fragColor = color * (uOpacity * coverage());
}
