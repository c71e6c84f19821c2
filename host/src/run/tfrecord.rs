//! TensorBoard's event file format, the few parts `tensorboard.rs` writes and reads back: TFRecords
//! (u64 LE length, masked CRC-32C of the length, the bytes, masked CRC-32C of the bytes) around
//! `Event` protobufs, encoded by hand (see `crc32c` in host/Cargo.toml for why).

/// Each record's (end offset, event step, is the file_version event), or None at the first
/// torn or corrupt one.
pub(super) fn records(bytes: &[u8]) -> impl Iterator<Item = Option<(usize, u64, bool)>> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= bytes.len() {
            return None;
        }
        let parsed = parse_record(&bytes[at..]);
        match parsed {
            Some((len, data)) => {
                at += len;
                let (step, is_version) = event_step(data).unwrap_or((0, false));
                Some(Some((at, step, is_version)))
            }
            None => {
                at = bytes.len();
                Some(None)
            }
        }
    })
}

/// One record at the start of `b`: its whole length and its data, if complete and intact.
pub(super) fn parse_record(b: &[u8]) -> Option<(usize, &[u8])> {
    let header = b.get(..8)?;
    let len = usize::try_from(u64::from_le_bytes(header.try_into().ok()?)).ok()?;
    let crc = |at: usize| Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?));
    let data = b.get(12..12usize.checked_add(len)?)?;
    let ok = crc(8)? == masked_crc(header) && crc(12 + len)? == masked_crc(data);
    ok.then_some((16 + len, data))
}

/// An Event's step (field 2) and whether it is the file_version one (field 3).
fn event_step(mut b: &[u8]) -> Option<(u64, bool)> {
    let (mut step, mut is_version) = (0, false);
    while !b.is_empty() {
        let key = read_varint(&mut b)?;
        match (key >> 3, key & 7) {
            (2, 0) => step = read_varint(&mut b)?,
            (_, 0) => {
                read_varint(&mut b)?;
            }
            (_, 1) => b = b.get(8..)?,
            (f, 2) => {
                let n = usize::try_from(read_varint(&mut b)?).ok()?;
                b = b.get(n..)?;
                is_version |= f == 3;
            }
            (_, 5) => b = b.get(4..)?,
            _ => return None,
        }
    }
    Some((step, is_version))
}

pub(super) fn read_varint(b: &mut &[u8]) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = b.split_first()?;
        *b = rest;
        v |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

// Protobuf wire format, the three wire types used: varint (0), 64-bit (1), length-delimited (2)
// and 32-bit (5).

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn key(out: &mut Vec<u8>, field: u64, wire: u64) {
    varint(out, field << 3 | wire);
}

fn bytes_field(out: &mut Vec<u8>, field: u64, data: &[u8]) {
    key(out, field, 2);
    varint(out, data.len() as u64);
    out.extend_from_slice(data);
}

/// `Event { wall_time = 1, step = 2, <field> = data }`, `field` one of the `what` oneof's
/// length-delimited members (3 file_version, 5 summary, 7 session_log; 6 is the deprecated
/// log_message).
pub(super) fn event(wall_time: f64, step: u64, field: u64, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 24);
    key(&mut out, 1, 1);
    out.extend_from_slice(&wall_time.to_le_bytes());
    key(&mut out, 2, 0);
    varint(&mut out, step);
    bytes_field(&mut out, field, data);
    out
}

/// `Summary { repeated Value value = 1 }`, `Value { tag = 1, simple_value = 2 (float) }`.
pub(super) fn summary(values: &[(&str, f32)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (tag, v) in values {
        let mut value = Vec::with_capacity(tag.len() + 8);
        bytes_field(&mut value, 1, tag.as_bytes());
        key(&mut value, 2, 5);
        value.extend_from_slice(&v.to_le_bytes());
        bytes_field(&mut out, 1, &value);
    }
    out
}

/// A TFRecord around `data`.
pub(super) fn record(data: &[u8]) -> Vec<u8> {
    let len = (data.len() as u64).to_le_bytes();
    let mut out = Vec::with_capacity(data.len() + 16);
    out.extend_from_slice(&len);
    out.extend_from_slice(&masked_crc(&len).to_le_bytes());
    out.extend_from_slice(data);
    out.extend_from_slice(&masked_crc(data).to_le_bytes());
    out
}

/// TFRecord's masked CRC-32C.
fn masked_crc(data: &[u8]) -> u32 {
    let crc = crc32c::crc32c(data);
    crc.rotate_right(15).wrapping_add(0xa282_ead8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_crc_matches_tfrecord() {
        // As the tensorboard package's record writer masks them (`masked_crc32c`): of the
        // CRC-32C check input, and of a record's length field.
        assert_eq!(masked_crc(b"123456789"), 0xc78a_b0e5);
        assert_eq!(masked_crc(&24u64.to_le_bytes()), 0x224b_7fa3);
    }
}
