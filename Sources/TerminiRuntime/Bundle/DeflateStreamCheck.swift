import CInflate
import Foundation
import ZIPFoundation

/// Checks, before anything is inflated, that every deflated entry of a zip ends within its own compressed bytes.
///
/// ZIPFoundation inflates an entry from its start until the deflate stream ends, whatever the entry's compressed size
/// says, and at the end of the file it keeps asking for more bytes without end: a stream that never ends (a stored
/// block longer than the rest of the file) made `termini install` of a 100-byte zip spin forever (found by fuzzing).
/// So each deflated entry is first inflated here, with zlib, from exactly its compressed bytes, found through the zip's
/// central directory walked as ZIPFoundation walks it. Inflation is deterministic, so a stream that ends here ends
/// there too. (ZIPFoundation's own `Data.decompress` cannot be bounded: it tells zlib every chunk is a full buffer.)
enum DeflateStreamCheck {
    private static let deflated: UInt16 = 8
    private static let usesDataDescriptor: UInt16 = 1 << 3

    /// `entries` are ZIPFoundation's, in archive order, as listed from the archive at `path`.
    static func check(path: String, entries: [Entry], maxFileBytes: Int64) throws(BundleError) {
        func corrupt(_ m: String) -> BundleError { BundleError(.notAnArchive, path, m) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BundleError(.io, path, "cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let length = UInt64(max(0, lseek(fd, 0, SEEK_END)))
        func read(_ count: Int, at offset: UInt64) -> [UInt8] {
            guard offset < length, count > 0 else { return [] }
            var bytes = [UInt8](repeating: 0, count: Int(min(UInt64(count), length - offset)))
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
            return n == bytes.count ? bytes : []
        }

        // The end record is the last one in the file, as ZIPFoundation finds it; it is within 64 KiB of the end.
        let tailLength = Int(min(length, 22 + 0xffff))
        let tail = read(tailLength, at: length - UInt64(tailLength))
        guard tail.count >= 22,
              let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.u32($0) == 0x0605_4b50 })
        else { throw corrupt("not a zip archive (no end of central directory record)") }
        let endOffset = length - UInt64(tailLength) + UInt64(end)
        // ZIP64 moves the directory's offsets elsewhere; bundles are far below its 4 GB threshold.
        if endOffset >= 20, read(4, at: endOffset - 20).u32(0) == 0x0706_4b50 {
            throw corrupt("ZIP64 archives are not accepted as bundles")
        }
        let count = Int(tail.u16(end + 10))
        var position = UInt64(tail.u32(end + 16))

        var listed = 0
        for index in 0..<count {
            let record = read(46, at: position)
            guard record.count == 46, record.u32(0) == 0x0201_4b50 else { break }
            let flags = record.u16(8)
            let compressedSize = UInt64(record.u32(20)), headerOffset = UInt64(record.u32(42))
            if compressedSize == 0xffff_ffff || UInt64(record.u32(24)) == 0xffff_ffff || headerOffset == 0xffff_ffff {
                throw corrupt("ZIP64 archives are not accepted as bundles")
            }
            position += 46 + UInt64(record.u16(28)) + UInt64(record.u16(30)) + UInt64(record.u16(32))
            let header = read(30, at: headerOffset)
            guard header.count == 30, header.u32(0) == 0x0403_4b50 else { break }
            guard index < entries.count,
                  flags & usesDataDescriptor != 0 || entries[index].compressedSize == compressedSize
            else { throw corrupt("the zip's central directory is inconsistent") }
            listed += 1
            // ZIPFoundation inflates by the local header's method, which may differ from the directory's.
            guard header.u16(8) == deflated || record.u16(10) == deflated else { continue }
            let dataOffset = headerOffset + 30 + UInt64(header.u16(26)) + UInt64(header.u16(28))
            try inflate(compressedSize, at: dataOffset, name: "\(path): \(entries[index].path)", maxBytes: maxFileBytes, read: read)
        }
        guard listed == entries.count else { throw corrupt("the zip's central directory is inconsistent") }
    }

    /// Inflates `size` bytes from `offset` and discards the output; throws unless the deflate stream ends within them.
    private static func inflate(_ size: UInt64, at offset: UInt64, name: String, maxBytes: Int64,
                                read: (Int, UInt64) -> [UInt8]) throws(BundleError)
    {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw BundleError(.io, name, "cannot start zlib")
        }
        defer { inflateEnd(&stream) }
        let bufferSize = 64 << 10
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: bufferSize)
        defer { output.deallocate() }
        var input: [UInt8] = []
        var consumed: UInt64 = 0
        var inflated: Int64 = 0
        while true {
            if stream.avail_in == 0 {
                input = read(Int(min(UInt64(bufferSize), size - consumed)), offset + consumed)
                guard !input.isEmpty else {
                    throw BundleError(.notAnArchive, name, "the compressed data ends before its deflate stream does")
                }
                consumed += UInt64(input.count)
            }
            let status = input.withUnsafeMutableBufferPointer { buffer -> Int32 in
                // zlib keeps no pointer between calls: point it at what is left of this chunk each time.
                let left = Int(stream.avail_in == 0 ? UInt32(buffer.count) : stream.avail_in)
                stream.next_in = buffer.baseAddress! + (buffer.count - left)
                stream.avail_in = UInt32(left)
                stream.next_out = output
                stream.avail_out = UInt32(bufferSize)
                return CInflate.inflate(&stream, Z_NO_FLUSH)
            }
            inflated += Int64(bufferSize - Int(stream.avail_out))
            if inflated > maxBytes {
                throw BundleError(.limitExceeded, name, "inflates to more than the \(BundleArchiveReader.megabytes(maxBytes)) per-file limit")
            }
            if status == Z_STREAM_END { return }
            // Z_BUF_ERROR with input left and room for output would be no progress at all: a loop without end.
            guard status == Z_OK || (status == Z_BUF_ERROR && stream.avail_in == 0) else {
                throw BundleError(.notAnArchive, name, "cannot be inflated (the archive is corrupt or truncated)")
            }
        }
    }
}

extension [UInt8] {
    /// Little-endian fields of zip records.
    fileprivate func u16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    fileprivate func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
}
