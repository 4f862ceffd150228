#version 330 core
// The benchmark floor: one texture sample per pixel, premultiplied, blended by the caller.
// `folio bench` divides every render time by the time of this shader over the same viewport.
in vec2 vTexCoord;
out vec4 fragColor;

uniform sampler2D uTexture;

void main() {
    fragColor = texture(uTexture, vTexCoord);
}
