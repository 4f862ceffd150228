#if canImport(Glibc)
import Glibc
#endif

/// Whole-buffer reads and writes on a socket, with a deadline and a cancellation flag for the
/// reader's side. Kept in one small type because it is the only code here that handles raw
/// pointers into Swift arrays.
package enum SocketIO {
    /// How a read ended.
    package enum Outcome: Equatable {
        /// The buffer is full.
        case done
        /// The other end closed (the worker died) before the buffer was full.
        case closed
        /// The deadline passed first.
        case timedOut
        /// The cancellation flag was set before the first byte arrived.
        case cancelled
        /// The system refused (`errno`).
        case failed(Int32)
    }

    /// Nanoseconds on the monotonic clock.
    package static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Fills `buffer` from `fd`. Waits at most until `deadline` (monotonic ns; nil: forever).
    /// `cancellation` is looked at every 20 ms but only until the first byte arrives: once a
    /// reply has started it is read whole, so the stream stays in step.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, deadline: UInt64?, cancellation: Cancellation? = nil) -> Outcome {
        var got = 0
        while got < buffer.count {
            if deadline != nil || cancellation != nil {
                if got == 0, cancellation?.isCancelled == true { return .cancelled }
                var slice: Int32 = cancellation != nil && got == 0 ? 20 : 1000
                if let deadline {
                    let now = now()
                    if now >= deadline { return .timedOut }
                    slice = Int32(min(UInt64(slice), (deadline - now) / 1_000_000 + 1))
                }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let r = poll(&p, 1, slice)
                if r < 0 { if errno == EINTR { continue }; return .failed(errno) }
                if r == 0 { continue }
            }
            let n = recv(fd, buffer.baseAddress! + got, buffer.count - got, 0)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == ECONNRESET { return .closed }
                return .failed(errno)
            }
            if n == 0 { return .closed }
            got += n
        }
        return .done
    }

    /// Reads `count` bytes into a new array.
    package static func read(_ fd: Int32, count: Int, deadline: UInt64?, cancellation: Cancellation? = nil) -> ([UInt8], Outcome) {
        var outcome = Outcome.done
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            outcome = read(fd, into: UnsafeMutableRawBufferPointer(buffer), deadline: deadline, cancellation: cancellation)
            initialized = outcome == .done ? count : 0
        }
        return (bytes, outcome)
    }

    /// Writes all of `bytes`; false if the other end is gone. Never raises SIGPIPE (the
    /// reader's process must not die because a worker did).
    @discardableResult
    package static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = send(fd, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            sent += n
        }
        return true
    }

    /// Writes all of `bytes`; false if the other end is gone.
    @discardableResult
    package static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write(fd, $0) }
    }
}
