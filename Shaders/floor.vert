#version 330 core
// The benchmark floor: a bare full-viewport quad (a triangle strip of four corners in
// normalised device coordinates) with texture coordinates, nothing else.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;

out vec2 vTexCoord;

void main() {
    vTexCoord = aTexCoord;
    gl_Position = vec4(aPosition, 0.0, 1.0);
}
