import Foundation

/// Looks for a zip's end-of-central-directory record where the format allows it to be: in the file's last
/// 65,557 bytes (the 22-byte record, then a comment of at most 65,535 bytes).
///
/// ZIPFoundation finds the record by scanning backwards through the whole file, so refusing a large file that is
/// not a zip took time in proportion to its size (0.3 s/MB: a 2 GB file took 594 s). An archive is opened only once
/// this finds the record.
enum ZipEndRecord {
    /// Bytes from the end of the file that can hold the record.
    static let searchedBytes = 22 + 65_535
    private static let signature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]

    /// Why a file cannot be a zip archive, or nil when its tail holds the record's signature.
    static func problem(inFileAt path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        let size = Int(status.st_size)
        guard size >= 22 else { return "not a zip archive: \(size) bytes, shorter than a zip's 22-byte end record" }
        let start = max(0, size - searchedBytes)
        var tail = [UInt8](repeating: 0, count: size - start)
        var filled = 0
        while filled < tail.count {
            let read = tail.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(start + filled))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return "cannot be read: \(read < 0 ? String(cString: strerror(errno)) : "the file ended early")" }
            filled += read
        }
        // The record is 22 bytes: its signature starts no later than 22 bytes from the end.
        var position = tail.count - 22
        while position >= 0 {
            if tail[position] == signature[0], tail[position + 1] == signature[1], tail[position + 2] == signature[2],
               tail[position + 3] == signature[3]
            {
                return nil
            }
            position -= 1
        }
        return "not a zip archive: no end-of-central-directory record in its last \(searchedBytes / 1024) KB, where a zip has one"
    }
}
