import CPoppler
import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// The worker's open PDF: poppler's document object, released with this value.
package final class PopplerDocument {
    /// How opening failed, in the reader's terms.
    package struct OpenError: Error {
        package var status: WorkerProtocol.Status
        package var message: String
    }

    package let document: OpaquePointer

    /// Opens the PDF behind descriptor `fd` (poppler takes it over) with an optional password.
    package init(fd: Int32, password: String?) throws(OpenError) {
        var error: UnsafeMutablePointer<GError>?
        let opened: OpaquePointer? = password.map { poppler_document_new_from_fd(fd, $0, &error) } ?? poppler_document_new_from_fd(fd, nil, &error)
        guard let opened else {
            let code = error?.pointee.code ?? 0
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "poppler could not open it"
            if error != nil { g_error_free(error) }
            if code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw OpenError(status: password == nil ? .encrypted : .wrongPassword, message: message)
            }
            throw OpenError(status: .damaged, message: message)
        }
        document = opened
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    /// The number of pages poppler finds (0 for a document without any).
    package var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// Page `index`'s size in points, rotation applied; 0 × 0 if poppler cannot find it.
    package func size(ofPage index: Int) -> (width: Double, height: Double) {
        guard let page = poppler_document_get_page(document, Int32(index)) else { return (0, 0) }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var w = 0.0, h = 0.0
        poppler_page_get_size(page, &w, &h)
        return (w, h)
    }

    /// Renders page `index` scaled to `width` × `height` pixels on white, as RGBA bytes.
    /// Returns nil and a reason if poppler or cairo refuses (no such page, no memory).
    package func render(page index: Int, width: Int, height: Int) -> (pixels: [UInt8]?, problem: String) {
        render(page: index, width: width, height: height, region: PixelRegion(x: 0, y: 0, width: width, height: height))
    }

    /// Renders page `index` scaled to `width` × `height` pixels on white into `memory`
    /// (`width · height · 4` bytes), leaving RGBA bytes there. Returns why not, or nil.
    package func render(page index: Int, width: Int, height: Int, into memory: UnsafeMutableRawPointer) -> String? {
        render(page: index, width: width, height: height, region: PixelRegion(x: 0, y: 0, width: width, height: height), into: memory)
    }

    /// Renders `region` of page `index` scaled to `width` × `height` pixels on white, as RGBA
    /// bytes. Returns nil and a reason if poppler or cairo refuses (no such page, no memory).
    package func render(page index: Int, width: Int, height: Int, region: PixelRegion) -> (pixels: [UInt8]?, problem: String) {
        var problem: String?
        let bytes = region.width * region.height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: bytes) { buffer, initialized in
            problem = render(page: index, width: width, height: height, region: region, into: UnsafeMutableRawPointer(buffer.baseAddress!))
            initialized = problem == nil ? bytes : 0
        }
        return problem.map { (nil, $0) } ?? (pixels, "")
    }

    /// Renders `region` of page `index` scaled to `width` × `height` pixels on white into
    /// `memory` (`region.width · region.height · 4` bytes), leaving RGBA bytes there: cairo's
    /// surface is the region alone, the page moved under it, so a tile of a page at 8× costs
    /// the tile's pixels, not the page's. Returns why not, or nil.
    package func render(page index: Int, width: Int, height: Int, region: PixelRegion, into memory: UnsafeMutableRawPointer) -> String? {
        guard let page = poppler_document_get_page(document, Int32(index)) else { return "poppler cannot find the page" }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var pw = 0.0, ph = 0.0
        poppler_page_get_size(page, &pw, &ph)
        // Guard the division: a missing or hostile page can report 0, negative or NaN.
        guard pw.isFinite, ph.isFinite, pw > 0, ph > 0 else { return "the page's size is \(pw) × \(ph) pt" }
        // cairo draws straight into the destination: ARGB32 rows of exactly width · 4 bytes
        // are a stride cairo accepts (it wants a multiple of 4).
        let data = memory.assumingMemoryBound(to: UInt8.self)
        guard let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(region.width), Int32(region.height), Int32(region.width * 4)) else {
            return "cairo made no surface"
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { return "cairo: " + String(cString: cairo_status_to_string(status)) }
        guard let cr = cairo_create(surface) else { return "cairo made no context" }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_translate(cr, -Double(region.x), -Double(region.y))
        cairo_scale(cr, Double(width) / pw, Double(height) / ph)
        poppler_page_render(page, cr)
        let drawn = cairo_status(cr)
        cairo_destroy(cr)
        guard drawn == CAIRO_STATUS_SUCCESS else { return "cairo: " + String(cString: cairo_status_to_string(drawn)) }
        cairo_surface_flush(surface)
        RGBAConversion.cairoARGB32ToRGBAInPlace(memory, pixels: region.width * region.height)
        return nil
    }
}
