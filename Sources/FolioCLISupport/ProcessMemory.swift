#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// This process's memory, as the soak (`folio soak`) and the benchmarks (`folio bench`'s
/// 1,000-page book) sample it.
package enum ProcessMemory {
    /// Resident set size of this process, in MiB (from /proc/self/statm); NaN when it cannot be read.
    package static func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
