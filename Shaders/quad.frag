#version 330 core
// Shades one polygon: background, texture, the layer's own gradient, a merged shadow overlay,
// all premultiplied; then multiplies by opacity and edge coverage for the chosen AA mode.

in vec2 vLocal;
out vec4 fragColor;

const int MODE_NONE = 0;
const int MODE_ANALYTIC = 1;
const int MODE_MSAA = 2;
const int MODE_BORDER = 3;
const int MAX_EDGES = 12;
const int MAX_STOPS = 8;

uniform int uMode;
// Edges in window pixels: distance = dot(xy, fragCoord) + z, positive inside; w = 1 fades it.
uniform int uEdgeCount;
uniform vec4 uEdges[MAX_EDGES];

uniform vec4 uBounds;            // layer bounds: origin (xy) and size (zw), points
uniform vec2 uTexelsPerPoint;    // border mode: content texels per point along x and y
uniform float uOpacity;
uniform vec4 uBackground;        // premultiplied

uniform bool uHasTexture;
uniform sampler2D uTexture;      // premultiplied RGBA, rows top to bottom
uniform vec4 uContentsRect;      // unit rectangle of the image shown (xy origin, zw size)
uniform bool uTextureStraightAlpha; // an app's texture with straight alpha: premultiply on sampling
uniform bool uTextureFlipped;    // an app's texture whose first row is the image's bottom row

uniform int uGradientCount;      // the layer's own gradient (gradient layers)
uniform vec4 uGradientColors[MAX_STOPS];
uniform float uGradientLocations[MAX_STOPS];
uniform vec4 uGradientAxis;      // start (xy) and end (zw), unit coordinates

uniform int uOverlayCount;       // a shadow sublayer merged into this draw
uniform vec4 uOverlayColors[MAX_STOPS];
uniform float uOverlayLocations[MAX_STOPS];
uniform vec4 uOverlayAxis;
uniform float uOverlayOpacity;

vec4 gradientAt(int count, vec4 colors[MAX_STOPS], float locations[MAX_STOPS], vec4 axis, vec2 unit) {
    if (count == 1) return colors[0];
    vec2 d = axis.zw - axis.xy;
    float len2 = dot(d, d);
    float t = len2 > 0.0 ? clamp(dot(unit - axis.xy, d) / len2, 0.0, 1.0) : 0.0;
    if (t <= locations[0]) return colors[0];
    for (int i = 1; i < MAX_STOPS; ++i) {
        if (i >= count) break;
        if (t <= locations[i]) {
            float span = locations[i] - locations[i - 1];
            float f = span > 0.0 ? (t - locations[i - 1]) / span : 1.0;
            return mix(colors[i - 1], colors[i], f);
        }
    }
    return colors[count - 1];
}

// The exact fraction of a one-pixel box on the inside of a straight edge whose unit normal is
// n, the box centre lying d pixels inside. The projection of the box onto n is a trapezoid
// distribution; this is its cumulative area.
float halfPlaneCoverage(float d, vec2 n) {
    float u = max(abs(n.x), abs(n.y));
    float v = min(abs(n.x), abs(n.y));
    float a = 0.5 * (u - v);
    float b = 0.5 * (u + v);
    if (d >= b) return 1.0;
    if (d <= -b) return 0.0;
    if (v < 1e-5) return clamp(0.5 + d / u, 0.0, 1.0);
    if (d >= a) return 1.0 - (b - d) * (b - d) / (2.0 * u * v);
    if (d <= -a) return (d + b) * (d + b) / (2.0 * u * v);
    return 0.5 + d / u;
}

float coverage() {
    if (uMode == MODE_ANALYTIC) {
        float c = 1.0;
        for (int i = 0; i < MAX_EDGES; ++i) {
            if (i >= uEdgeCount) break;
            vec4 e = uEdges[i];
            if (e.w > 0.5) c *= halfPlaneCoverage(dot(e.xy, gl_FragCoord.xy) + e.z, e.xy);
        }
        return c;
    }
    if (uMode == MODE_BORDER) {
        // A one-texel transparent border sampled bilinearly: a linear ramp across one texel.
        vec2 fromMin = (vLocal - uBounds.xy) * uTexelsPerPoint;
        vec2 fromMax = (uBounds.xy + uBounds.zw - vLocal) * uTexelsPerPoint;
        vec2 ramp = clamp(min(fromMin, fromMax) + 0.5, 0.0, 1.0);
        return ramp.x * ramp.y;
    }
    return 1.0;
}

void main() {
    vec2 unit = (vLocal - uBounds.xy) / uBounds.zw;
    vec4 color = uBackground;
    if (uHasTexture) {
        vec2 uv = uContentsRect.xy + unit * uContentsRect.zw;
        if (uTextureFlipped) uv.y = 1.0 - uv.y;
        vec4 texel = texture(uTexture, uv);
        if (uTextureStraightAlpha) texel.rgb *= texel.a;
        color = texel + color * (1.0 - texel.a);
    }
    if (uGradientCount > 0) {
        vec4 g = gradientAt(uGradientCount, uGradientColors, uGradientLocations, uGradientAxis, unit);
        color = g + color * (1.0 - g.a);
    }
    if (uOverlayCount > 0) {
        vec4 o = gradientAt(uOverlayCount, uOverlayColors, uOverlayLocations, uOverlayAxis, unit) * uOverlayOpacity;
        color = o + color * (1.0 - o.a);
    }
    fragColor = color * (uOpacity * coverage());
}
