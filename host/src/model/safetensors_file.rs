//! One safetensors file read tensor by tensor: its header (names, dtypes, shapes, byte ranges),
//! then only the bytes asked for. A rank of a split model reads the rows it holds and nothing
//! of another rank's experts; every load reads one tensor at a time instead of a whole file.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::{Path, PathBuf};

use tch::{Kind, Tensor};

use super::ModelError;

/// A tensor's place in the file.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) kind: Kind,
    pub(super) shape: Vec<i64>,
    /// Bytes from the start of the data section.
    start: u64,
    end: u64,
}

/// An open safetensors file: its entries in the header's order.
pub(super) struct SafetensorsFile {
    file: File,
    path: PathBuf,
    data_start: u64,
    pub(super) entries: Vec<(String, Entry)>,
    /// Tensor bytes read so far (what a split rank saves shows here).
    pub(super) bytes_read: u64,
}

fn kind_of(dtype: &str) -> Option<Kind> {
    Some(match dtype {
        "BF16" => Kind::BFloat16,
        "F16" => Kind::Half,
        "F32" => Kind::Float,
        "F64" => Kind::Double,
        "I64" => Kind::Int64,
        "I32" => Kind::Int,
        "I16" => Kind::Int16,
        "I8" => Kind::Int8,
        "U8" => Kind::Uint8,
        "BOOL" => Kind::Bool,
        _ => return None,
    })
}

impl SafetensorsFile {
    pub(super) fn open(path: &Path) -> Result<SafetensorsFile, ModelError> {
        let bad =
            |msg: String| ModelError::config("safetensors", format!("{}: {msg}", path.display()));
        let mut file = File::open(path).map_err(|e| ModelError::io(path, e))?;
        let total = file.metadata().map_err(|e| ModelError::io(path, e))?.len();
        let mut len = [0u8; 8];
        file.read_exact(&mut len)
            .map_err(|e| ModelError::io(path, e))?;
        let len = u64::from_le_bytes(len);
        if len > total.saturating_sub(8) {
            return Err(bad(format!("a header of {len} bytes in a file of {total}")));
        }
        let mut header = vec![0u8; len as usize];
        file.read_exact(&mut header)
            .map_err(|e| ModelError::io(path, e))?;
        let header: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(&header)
            .map_err(|e| ModelError::Json {
                path: path.to_path_buf(),
                source: e,
            })?;
        let data_start = 8 + len;
        let mut entries = Vec::with_capacity(header.len());
        for (name, v) in header {
            if name == "__metadata__" {
                continue;
            }
            let dtype = v["dtype"].as_str().unwrap_or_default();
            let kind = kind_of(dtype).ok_or_else(|| {
                bad(format!(
                    "tensor `{name}` has dtype `{dtype}`, not one Frost reads"
                ))
            })?;
            let shape: Option<Vec<i64>> =
                (v["shape"].as_array()).and_then(|s| s.iter().map(|d| d.as_i64()).collect());
            let offsets: Option<Vec<u64>> =
                (v["data_offsets"].as_array()).and_then(|s| s.iter().map(|d| d.as_u64()).collect());
            let (Some(shape), Some(&[start, end])) = (shape, offsets.as_deref()) else {
                return Err(bad(format!("tensor `{name}` has no shape or data_offsets")));
            };
            let want = shape.iter().product::<i64>() as u64 * kind.elt_size_in_bytes() as u64;
            if end < start || end - start != want || data_start + end > total {
                return Err(bad(format!(
                    "tensor `{name}`'s bytes {start}..{end} do not hold its shape {shape:?} \
                     ({dtype}) inside the file"
                )));
            }
            entries.push((
                name,
                Entry {
                    kind,
                    shape,
                    start,
                    end,
                },
            ));
        }
        // The header's map is sorted by name; the file's own order reads forward.
        entries.sort_by_key(|(_, e)| e.start);
        Ok(SafetensorsFile {
            file,
            path: path.to_path_buf(),
            data_start,
            entries,
            bytes_read: 0,
        })
    }

    fn bytes(&mut self, from: u64, n: u64) -> Result<Vec<u8>, ModelError> {
        let mut buf = vec![0u8; n as usize];
        let io = |e| ModelError::io(&self.path, e);
        self.file
            .seek(SeekFrom::Start(self.data_start + from))
            .map_err(io)?;
        self.file
            .read_exact(&mut buf)
            .map_err(|e| ModelError::io(&self.path, e))?;
        self.bytes_read += n;
        Ok(buf)
    }

    fn tensor(&self, bytes: &[u8], shape: &[i64], kind: Kind) -> Result<Tensor, ModelError> {
        Tensor::f_from_data_size(bytes, shape, kind).map_err(|e| ModelError::Torch {
            path: self.path.clone(),
            source: e,
        })
    }

    /// The whole tensor.
    pub(super) fn read(&mut self, e: &Entry) -> Result<Tensor, ModelError> {
        let bytes = self.bytes(e.start, e.end - e.start)?;
        self.tensor(&bytes, &e.shape, e.kind)
    }

    /// The given ranges of the first dimension, concatenated in order: only their bytes read.
    pub(super) fn read_rows(
        &mut self,
        e: &Entry,
        ranges: &[Range<i64>],
    ) -> Result<Tensor, ModelError> {
        let row: u64 =
            e.shape[1..].iter().product::<i64>() as u64 * e.kind.elt_size_in_bytes() as u64;
        let mut bytes = Vec::new();
        for r in ranges {
            bytes.extend(self.bytes(
                e.start + r.start as u64 * row,
                (r.end - r.start) as u64 * row,
            )?);
        }
        let mut shape = e.shape.clone();
        shape[0] = ranges.iter().map(|r| r.end - r.start).sum();
        self.tensor(&bytes, &shape, e.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tch::Device;

    /// Written by libtorch's own writer, read back whole and by rows: the same values, and a
    /// row read reads only those rows' bytes.
    #[test]
    fn tensors_read_whole_and_by_rows_equal_libtorchs() {
        let dir = std::env::temp_dir().join(format!("frost-st-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.safetensors");
        let a = Tensor::randn([6, 4], (Kind::Float, Device::Cpu)).to_kind(Kind::BFloat16);
        let b = Tensor::arange(24, (Kind::Int64, Device::Cpu)).view([2, 3, 4]);
        let c = Tensor::randn([5], (Kind::Double, Device::Cpu));
        Tensor::write_safetensors(&[("a", &a), ("b", &b), ("c", &c)], &path).unwrap();
        let mut f = SafetensorsFile::open(&path).unwrap();
        let entries = f.entries.clone();
        let get = |n: &str| entries.iter().find(|(m, _)| m == n).unwrap().1.clone();
        for (name, want) in [("a", &a), ("b", &b), ("c", &c)] {
            let got = f.read(&get(name)).unwrap();
            assert!(got.equal(want), "{name}");
            assert_eq!(got.kind(), want.kind(), "{name}");
        }
        let before = f.bytes_read;
        let rows = f.read_rows(&get("a"), &[1..2, 4..6]).unwrap();
        let want = Tensor::cat(&[a.narrow(0, 1, 1), a.narrow(0, 4, 2)], 0);
        assert!(rows.equal(&want));
        assert_eq!(f.bytes_read - before, 3 * 4 * 2, "three rows of four bf16");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A header that lies about its size or a tensor's bytes is refused naming the file.
    #[test]
    fn a_damaged_file_is_refused_in_one_line() {
        let dir = std::env::temp_dir().join(format!("frost-st-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.safetensors");
        let header = br#"{"w":{"dtype":"F32","shape":[4],"data_offsets":[0,8]}}"#;
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend_from_slice(header);
        bytes.extend_from_slice(&[0u8; 8]);
        std::fs::write(&path, &bytes).unwrap();
        let e = SafetensorsFile::open(&path).err().unwrap().to_string();
        assert!(
            e.contains("bad.safetensors") && e.contains("`w`") && !e.contains('\n'),
            "{e}"
        );
        std::fs::write(&path, 1u64.to_le_bytes().repeat(3)).unwrap();
        assert!(SafetensorsFile::open(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
