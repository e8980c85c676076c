//! The one file a zip archive holds, read without unpacking anything to disk: the published
//! books (`official-stockfish/books`) are zips of one EPD file, and a match reads them as
//! they are downloaded. Stored and DEFLATE entries; ZIP64, encryption and archives split
//! over disks are refused by name.

use miniz_oxide::inflate::decompress_to_vec_with_limit;

/// Signatures of the records this reader walks.
const END_OF_DIRECTORY: u32 = 0x0605_4b50;
const DIRECTORY_ENTRY: u32 = 0x0201_4b50;
const LOCAL_HEADER: u32 = 0x0403_4b50;
/// The end record's size without its comment, and the longest comment after it.
const END_LEN: usize = 22;
const MAX_COMMENT: usize = 0xFFFF;
/// The largest file inflated: ten times the biggest published book, so that a zip bomb
/// ends with a message instead of the machine's memory.
pub const MAX_UNPACKED: usize = 256 << 20;

/// Whether `bytes` begin as a zip archive does.
#[must_use]
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

/// One entry of the central directory.
struct Entry<'a> {
    name: &'a str,
    method: u16,
    flags: u16,
    crc: u32,
    packed: u32,
    unpacked: u32,
    local: u32,
}

/// The entry of `archive` whose name ends with `suffix` (there must be exactly one), and
/// its content, its CRC-32 checked.
pub fn only_file<'a>(archive: &'a [u8], suffix: &str) -> Result<(&'a str, Vec<u8>), String> {
    let entries = directory(archive)?;
    let matching: Vec<&Entry<'_>> = entries
        .iter()
        .filter(|e| e.name.ends_with(suffix) && !e.name.ends_with('/'))
        .collect();
    let entry = match matching.as_slice() {
        [one] => *one,
        [] => {
            let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
            return Err(format!(
                "the archive holds no {suffix} file (it holds: {})",
                if names.is_empty() {
                    "nothing".to_owned()
                } else {
                    names.join(", ")
                }
            ));
        }
        many => {
            let names: Vec<&str> = many.iter().map(|e| e.name).collect();
            return Err(format!(
                "the archive holds {} {suffix} files ({}): give one of them unpacked",
                many.len(),
                names.join(", ")
            ));
        }
    };
    Ok((entry.name, content(archive, entry)?))
}

/// The central directory's entries.
fn directory(archive: &[u8]) -> Result<Vec<Entry<'_>>, String> {
    let end = end_record(archive)?;
    let (disk, entries, size, offset) = (
        u16_at(archive, end + 4)?,
        u16_at(archive, end + 10)?,
        u32_at(archive, end + 12)?,
        u32_at(archive, end + 16)?,
    );
    if disk != 0 {
        return Err("a zip split over several disks is not read; join it first".to_owned());
    }
    if entries == 0xFFFF || size == u32::MAX || offset == u32::MAX {
        return Err("a ZIP64 archive is not read; unpack it and give the file".to_owned());
    }
    let mut at = offset as usize;
    let mut list = Vec::with_capacity(usize::from(entries));
    for _ in 0..entries {
        if u32_at(archive, at)? != DIRECTORY_ENTRY {
            return Err("the zip's central directory is damaged".to_owned());
        }
        let name_len = usize::from(u16_at(archive, at + 28)?);
        let skip = name_len
            + usize::from(u16_at(archive, at + 30)?)
            + usize::from(u16_at(archive, at + 32)?);
        let name = bytes_at(archive, at + 46, name_len)?;
        list.push(Entry {
            name: std::str::from_utf8(name)
                .map_err(|_| "a zip entry's name is not UTF-8".to_owned())?,
            flags: u16_at(archive, at + 8)?,
            method: u16_at(archive, at + 10)?,
            crc: u32_at(archive, at + 16)?,
            packed: u32_at(archive, at + 20)?,
            unpacked: u32_at(archive, at + 24)?,
            local: u32_at(archive, at + 42)?,
        });
        at += 46 + skip;
    }
    Ok(list)
}

/// Where the end-of-central-directory record starts: the last one, searched back over the
/// longest comment.
fn end_record(archive: &[u8]) -> Result<usize, String> {
    let not_zip = || "not a zip archive (no end of central directory)".to_owned();
    let last = archive.len().checked_sub(END_LEN).ok_or_else(not_zip)?;
    let first = last.saturating_sub(MAX_COMMENT);
    (first..=last)
        .rev()
        .find(|&at| u32_at(archive, at) == Ok(END_OF_DIRECTORY))
        .ok_or_else(not_zip)
}

/// An entry's bytes, inflated and checked against the directory's size and CRC-32.
fn content(archive: &[u8], entry: &Entry<'_>) -> Result<Vec<u8>, String> {
    let name = entry.name;
    if entry.flags & 1 != 0 {
        return Err(format!("{name} is encrypted in the archive"));
    }
    if entry.packed == u32::MAX || entry.unpacked == u32::MAX || entry.local == u32::MAX {
        return Err("a ZIP64 archive is not read; unpack it and give the file".to_owned());
    }
    let unpacked = entry.unpacked as usize;
    if unpacked > MAX_UNPACKED {
        return Err(format!(
            "{name} unpacks to {unpacked} bytes, over the {MAX_UNPACKED} read from an archive"
        ));
    }
    let local = entry.local as usize;
    if u32_at(archive, local)? != LOCAL_HEADER {
        return Err(format!("{name}: the zip's local header is damaged"));
    }
    let data = local
        + 30
        + usize::from(u16_at(archive, local + 26)?)
        + usize::from(u16_at(archive, local + 28)?);
    let packed = bytes_at(archive, data, entry.packed as usize)?;
    let bytes = match entry.method {
        0 => packed.to_vec(),
        8 => decompress_to_vec_with_limit(packed, unpacked)
            .map_err(|e| format!("{name}: its DEFLATE data is damaged ({:?})", e.status))?,
        m => {
            return Err(format!(
                "{name}: compression method {m} is not read (only stored and DEFLATE)"
            ));
        }
    };
    if bytes.len() != unpacked {
        return Err(format!(
            "{name}: {} bytes unpacked, the archive says {unpacked}",
            bytes.len()
        ));
    }
    if crc32(&bytes) != entry.crc {
        return Err(format!(
            "{name}: its CRC-32 does not match: the archive is damaged"
        ));
    }
    Ok(bytes)
}

fn bytes_at(b: &[u8], at: usize, len: usize) -> Result<&[u8], String> {
    at.checked_add(len)
        .and_then(|end| b.get(at..end))
        .ok_or_else(|| "the zip archive is truncated".to_owned())
}

fn u16_at(b: &[u8], at: usize) -> Result<u16, String> {
    bytes_at(b, at, 2).map(|s| u16::from_le_bytes([s[0], s[1]]))
}

fn u32_at(b: &[u8], at: usize) -> Result<u32, String> {
    bytes_at(b, at, 4).map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// CRC-32 (IEEE 802.3, reflected), the checksum zip stores for each entry.
#[must_use]
pub fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[i] = c;
            i += 1;
        }
        table
    };
    !bytes.iter().fold(!0u32, |c, &b| {
        TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-entry stored archive, as `zip -0` writes it.
    fn stored(name: &str, body: &[u8]) -> Vec<u8> {
        let mut z = Vec::new();
        let crc = crc32(body);
        let len = body.len() as u32;
        let n = name.len() as u16;
        z.extend_from_slice(&LOCAL_HEADER.to_le_bytes());
        z.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        z.extend_from_slice(&crc.to_le_bytes());
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&n.to_le_bytes());
        z.extend_from_slice(&0u16.to_le_bytes());
        z.extend_from_slice(name.as_bytes());
        z.extend_from_slice(body);
        let cd = z.len() as u32;
        z.extend_from_slice(&DIRECTORY_ENTRY.to_le_bytes());
        z.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        z.extend_from_slice(&crc.to_le_bytes());
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&n.to_le_bytes());
        z.extend_from_slice(&[0; 12]);
        z.extend_from_slice(&0u32.to_le_bytes());
        z.extend_from_slice(name.as_bytes());
        let size = z.len() as u32 - cd;
        z.extend_from_slice(&END_OF_DIRECTORY.to_le_bytes());
        z.extend_from_slice(&[0, 0, 0, 0, 1, 0, 1, 0]);
        z.extend_from_slice(&size.to_le_bytes());
        z.extend_from_slice(&cd.to_le_bytes());
        z.extend_from_slice(&0u16.to_le_bytes());
        z
    }

    #[test]
    fn crc32_is_zips() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn a_stored_entry_reads_back_and_damage_is_named() {
        let zip = stored("b.epd", b"8/8/8/8/8/8/8/K6k w - -\n");
        assert!(is_zip(&zip));
        let (name, body) = only_file(&zip, ".epd").unwrap();
        assert_eq!(
            (name, body.as_slice()),
            ("b.epd", &b"8/8/8/8/8/8/8/K6k w - -\n"[..])
        );
        let e = only_file(&zip, ".pgn").unwrap_err();
        assert!(e.contains("no .pgn file (it holds: b.epd)"), "{e}");
        let mut bad = zip.clone();
        bad[40] ^= 1;
        assert!(only_file(&bad, ".epd").unwrap_err().contains("CRC-32"));
        let e = only_file(&zip[..zip.len() - 30], ".epd").unwrap_err();
        assert!(e.contains("not a zip archive"), "{e}");
        assert!(only_file(b"PK\x03\x04", ".epd").is_err());
    }
}
