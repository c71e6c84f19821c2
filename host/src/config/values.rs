//! Config values written as strings but typed: the device, the dtype, the corpus source.
//! Each is parsed once, when the config is read, with an error naming its field.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use schemars::gen::SchemaGenerator;
use schemars::schema::{InstanceType, Schema, SchemaObject, StringValidation};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::corpus::CorpusSource;

/// Where the model runs (`model.device`); written as "cpu", "cuda" or "cuda:N".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceSpec {
    /// The CPU (libtorch's thread pool, see `run.threads`).
    Cpu,
    /// A CUDA GPU: `None` is "cuda" (the first GPU), `Some(n)` is "cuda:N".
    Cuda(Option<usize>),
}

impl DeviceSpec {
    /// The libtorch device.
    pub fn device(self) -> tch::Device {
        match self {
            DeviceSpec::Cpu => tch::Device::Cpu,
            DeviceSpec::Cuda(n) => tch::Device::Cuda(n.unwrap_or(0)),
        }
    }
}

impl FromStr for DeviceSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let index = |n: &str| n.parse().ok().map(|n| DeviceSpec::Cuda(Some(n)));
        match s {
            "cpu" => Some(DeviceSpec::Cpu),
            "cuda" => Some(DeviceSpec::Cuda(None)),
            _ => s.strip_prefix("cuda:").and_then(index),
        }
        .ok_or_else(|| format!("`{s}` is not a device: expected \"cpu\", \"cuda\" or \"cuda:N\""))
    }
}

impl fmt::Display for DeviceSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeviceSpec::Cpu => f.write_str("cpu"),
            DeviceSpec::Cuda(None) => f.write_str("cuda"),
            DeviceSpec::Cuda(Some(n)) => write!(f, "cuda:{n}"),
        }
    }
}

impl Serialize for DeviceSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DeviceSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for DeviceSpec {
    fn schema_name() -> String {
        "DeviceSpec".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        string_schema(
            "^(cpu|cuda(:[0-9]+)?)$",
            "\"cpu\", \"cuda\" (the first GPU) or \"cuda:N\" (GPU N).",
        )
    }
}

/// Weight dtype (`model.dtype`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Dtype {
    /// 32-bit float: the CPU default.
    F32,
    /// bfloat16: the usual choice on a GPU.
    Bf16,
    /// IEEE half precision.
    F16,
}

impl Dtype {
    /// The libtorch kind.
    pub fn kind(self) -> tch::Kind {
        match self {
            Dtype::F32 => tch::Kind::Float,
            Dtype::Bf16 => tch::Kind::BFloat16,
            Dtype::F16 => tch::Kind::Half,
        }
    }
}

/// `corpus.source` as today's string: "default" or a path.
pub(super) mod corpus_source {
    use super::*;

    pub fn serialize<S: Serializer>(src: &CorpusSource, s: S) -> Result<S::Ok, S::Error> {
        match src {
            CorpusSource::Default => s.serialize_str("default"),
            CorpusSource::Path(p) => s.collect_str(&p.display()),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<CorpusSource, D::Error> {
        let s = String::deserialize(d)?;
        match s.as_str() {
            "default" => Ok(CorpusSource::Default),
            "" => Err(serde::de::Error::custom(
                "empty: use \"default\" or the path of a text file or folder",
            )),
            _ => Ok(CorpusSource::Path(PathBuf::from(s))),
        }
    }

    pub fn schema(_: &mut SchemaGenerator) -> Schema {
        string_schema(
            ".+",
            "\"default\" (Shakespeare, fetched once into the cache) or the path of a UTF-8 \
             text file or a folder of them.",
        )
    }
}

/// A string schema with a pattern and a description.
fn string_schema(pattern: &str, description: &str) -> Schema {
    let mut o = SchemaObject {
        instance_type: Some(InstanceType::String.into()),
        string: Some(Box::new(StringValidation {
            pattern: Some(pattern.into()),
            ..Default::default()
        })),
        ..Default::default()
    };
    o.metadata().description = Some(description.into());
    o.into()
}
