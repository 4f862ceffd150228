import CGL

/// The pixel-transfer parts of a `GLStateSnapshot`: what uploads and read-backs change.
extension GLStateSnapshot {
    /// One direction's pixel-store state: its pixel buffer binding, alignment, row length and
    /// skips. Uploads change the unpack state (`prepareUpload`), reading pixels back the pack
    /// state (`prepareReadback`).
    struct PixelStoreState {
        /// Which direction: the names of its buffer binding and parameters.
        enum Direction {
            /// Client memory to GL (`glTexImage2D`): `GL_PIXEL_UNPACK_BUFFER`, `GL_UNPACK_*`.
            case unpack
            /// GL to client memory (`glReadPixels`): `GL_PIXEL_PACK_BUFFER`, `GL_PACK_*`.
            case pack
        }

        let direction: Direction
        /// The bound pixel buffer (0: client memory).
        var buffer: GLint = 0
        /// Row alignment in bytes (1, 2, 4 or 8; GL's default is 4).
        var alignment: GLint = 4
        /// Pixels from one row start to the next (0: the width).
        var rowLength: GLint = 0
        /// Rows and pixels skipped before the first one transferred.
        var skipRows: GLint = 0, skipPixels: GLint = 0

        /// Reads the current state of `direction`.
        init(_ direction: Direction) {
            self.direction = direction
            switch direction {
            case .unpack:
                buffer = integer(GL_PIXEL_UNPACK_BUFFER_BINDING)
                alignment = integer(GL_UNPACK_ALIGNMENT); rowLength = integer(GL_UNPACK_ROW_LENGTH)
                skipRows = integer(GL_UNPACK_SKIP_ROWS); skipPixels = integer(GL_UNPACK_SKIP_PIXELS)
            case .pack:
                buffer = integer(GL_PIXEL_PACK_BUFFER_BINDING)
                alignment = integer(GL_PACK_ALIGNMENT); rowLength = integer(GL_PACK_ROW_LENGTH)
                skipRows = integer(GL_PACK_SKIP_ROWS); skipPixels = integer(GL_PACK_SKIP_PIXELS)
            }
        }

        /// Puts the buffer binding and parameters back.
        func restore() {
            switch direction {
            case .unpack:
                glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint(buffer))
                glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), alignment)
                glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), rowLength)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), skipRows)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), skipPixels)
            case .pack:
                glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), GLuint(buffer))
                glPixelStorei(GLenum(GL_PACK_ALIGNMENT), alignment)
                glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), rowLength)
                glPixelStorei(GLenum(GL_PACK_SKIP_ROWS), skipRows)
                glPixelStorei(GLenum(GL_PACK_SKIP_PIXELS), skipPixels)
            }
        }
    }
}
