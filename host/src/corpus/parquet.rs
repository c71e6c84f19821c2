//! `.parquet` corpora (Hugging Face dataset shards): one document per row, the text in a
//! named top-level string column. Only that column is decoded, one row group and one batch
//! of rows at a time, so a large shard is never held whole.

use std::path::Path;

use ::parquet::basic::{ConvertedType, Repetition, Type as PhysicalType};
use ::parquet::column::reader::ColumnReader;
use ::parquet::errors::ParquetError;
use ::parquet::file::reader::{FileReader, SerializedFileReader};
use ::parquet::schema::types::Type;

use super::CorpusError;
use crate::run::files::io_error;

/// Rows decoded at a time.
const BATCH: usize = 1024;

/// Calls `add(row_index, text)` for each row's text (0-based index over all rows, null ones
/// included) until `add` returns false. Null texts are skipped.
pub(super) fn read(
    path: &Path,
    column: &str,
    add: &mut dyn FnMut(u64, String) -> bool,
) -> Result<(), CorpusError> {
    let file = std::fs::File::open(path).map_err(io_error(path))?;
    let reader = SerializedFileReader::new(file).map_err(|e| unreadable(path, e))?;
    let schema = reader.metadata().file_metadata().schema_descr_ptr();
    text_column_ok(path, schema.root_schema(), column)?;
    let col = (0..schema.num_columns())
        .find(|&i| schema.column(i).path().parts() == [column])
        .expect("a top-level primitive column is a leaf");
    let max_def = schema.column(col).max_def_level();
    let mut index = 0u64;
    for group in 0..reader.num_row_groups() {
        let rows = reader
            .get_row_group(group)
            .map_err(|e| unreadable(path, e))?;
        let ColumnReader::ByteArrayColumnReader(mut values_of) = rows
            .get_column_reader(col)
            .map_err(|e| unreadable(path, e))?
        else {
            unreachable!("text_column checked the physical type");
        };
        loop {
            let (mut defs, mut values) = (Vec::new(), Vec::new());
            let (n, _, _) = values_of
                .read_records(BATCH, Some(&mut defs), None, &mut values)
                .map_err(|e| unreadable(path, e))?;
            if n == 0 {
                break;
            }
            let mut values = values.into_iter();
            // A required column has no definition levels; an optional one marks nulls.
            let present = (0..n).map(|k| max_def == 0 || defs[k] == max_def);
            for present in present {
                if present {
                    let v = values.next().expect("one value per non-null row");
                    let text = std::str::from_utf8(v.data()).map_err(|_| {
                        CorpusError::NotUtf8(format!("{} (row {index})", path.display()))
                    })?;
                    if !add(index, text.to_owned()) {
                        return Ok(());
                    }
                }
                index += 1;
            }
        }
    }
    Ok(())
}

/// Checks that `column` is a top-level string column, or names the columns there are, or the
/// column's type.
fn text_column_ok(path: &Path, root: &Type, column: &str) -> Result<(), CorpusError> {
    let fields = root.get_fields();
    let Some(pos) = fields.iter().position(|f| f.name() == column) else {
        let names: Vec<&str> = fields.iter().map(|f| f.name()).collect();
        return Err(CorpusError::MissingField {
            at: path.display().to_string(),
            kind: "column",
            field: column.to_string(),
            found: names.join(", "),
        });
    };
    let field = &fields[pos];
    let not_text = |found: String| CorpusError::NotText {
        at: path.display().to_string(),
        kind: "column",
        field: column.to_string(),
        found,
    };
    if field.is_group() {
        return Err(not_text("a nested column (a struct, list or map)".into()));
    }
    let info = field.get_basic_info();
    if info.has_repetition() && info.repetition() == Repetition::REPEATED {
        return Err(not_text("a repeated column".into()));
    }
    // Strings (UTF8) and plain binary (checked to be UTF-8 row by row).
    let physical = field.get_physical_type();
    let converted = info.converted_type();
    if physical != PhysicalType::BYTE_ARRAY
        || !matches!(converted, ConvertedType::UTF8 | ConvertedType::NONE)
    {
        let what = if converted == ConvertedType::NONE {
            format!("{physical}")
        } else {
            format!("{physical} ({converted})")
        };
        return Err(not_text(format!("of type {what}")));
    }
    Ok(())
}

fn unreadable(path: &Path, e: ParquetError) -> CorpusError {
    let msg = e.to_string();
    let fix = if msg.contains("Disabled feature") || msg.contains("not supported") {
        "Frost reads snappy, zstd, gzip and uncompressed parquet: rewrite the file with one \
         of those (e.g. pyarrow.parquet.write_table(..., compression=\"zstd\"))"
    } else {
        "check that it is a whole .parquet file (a download may have stopped early: fetch it \
         again) or leave it out of the corpus"
    };
    CorpusError::Parquet {
        path: path.to_path_buf(),
        msg,
        fix,
    }
}
