//! Trusted native plugins: a game crate built as a native `cdylib`, loaded with `libloading`
//! only when the user allows it. The ABI is `frost_sdk::native`: a version handshake checked
//! before any other symbol is touched, then JSON in and out of C functions.
//!
//! Native code is not sandboxed: no time, memory or stack limit applies (only the reply size
//! cap). The library stays loaded for the life of the process (unloading code that may have
//! registered thread-locals or atexit handlers is a classic source of crashes).

use super::GameError;
use frost_sdk::native::{self as abi, FfiBuf, NewRoundArgs, Reply};
use frost_sdk::types as t;
use serde::de::DeserializeOwned;
use std::ffi::{c_char, CStr};
use std::path::{Path, PathBuf};

type VersionFn = unsafe extern "C" fn() -> *const c_char;
type DescribeFn = unsafe extern "C" fn() -> FfiBuf;
type CallFn = unsafe extern "C" fn(*const u8, usize) -> FfiBuf;
type FreeFn = unsafe extern "C" fn(FfiBuf);

pub struct NativeGame {
    path: PathBuf,
    describe: DescribeFn,
    configure: CallFn,
    new_round: CallFn,
    free: FreeFn,
}

fn load_error(path: &Path, message: impl std::fmt::Display) -> GameError {
    GameError::Load {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

impl NativeGame {
    pub fn load(path: &Path) -> Result<NativeGame, GameError> {
        // SAFETY: the user asked for this native plugin with --allow-native; loading runs its
        // initializers, which is exactly the trust that flag grants.
        let lib = unsafe { libloading::Library::new(path) }
            .map_err(|e| load_error(path, format!("cannot load the library: {e}")))?;
        // Kept loaded for the process lifetime; the function pointers below rely on it.
        let lib: &'static libloading::Library = Box::leak(Box::new(lib));
        // SAFETY: the symbol's type is the SDK's ABI; a library exporting this name claims it.
        let version: VersionFn = unsafe { lib.get::<VersionFn>(abi::SYM_ABI_VERSION) }
            .map(|s| *s)
            .map_err(|_| GameError::NotAGame {
                path: path.to_path_buf(),
                reason: "the library has no frost_game_abi_version symbol (export the game with frost_sdk::export_game!)".into(),
            })?;
        // SAFETY: per the ABI the function returns a NUL-terminated static string or null.
        let found = unsafe {
            let p = version();
            if p.is_null() {
                None
            } else {
                Some(
                    CStr::from_ptr(p)
                        .to_string_lossy()
                        .chars()
                        .take(64)
                        .collect::<String>(),
                )
            }
        };
        // A 0.1.0 plugin's JSON reads as 0.2.0 data (the new fields default).
        if !found
            .as_deref()
            .is_some_and(|v| frost_sdk::SUPPORTED_ABI_VERSIONS.contains(&v))
        {
            return Err(GameError::AbiMismatch {
                game: path.display().to_string(),
                found: found.unwrap_or_else(|| "(none: the handshake returned null)".into()),
                expected: super::supported_versions(),
            });
        }
        // SAFETY: the handshake matched, so the library implements this ABI's symbols.
        let get = |name: &[u8]| -> Result<*const (), GameError> {
            unsafe { lib.get::<*const ()>(name) }
                .map(|s| *s)
                .map_err(|_| {
                    load_error(
                        path,
                        format!(
                            "missing symbol {}",
                            String::from_utf8_lossy(&name[..name.len() - 1])
                        ),
                    )
                })
        };
        let (d, c, n, f) = (
            get(abi::SYM_DESCRIBE)?,
            get(abi::SYM_CONFIGURE)?,
            get(abi::SYM_NEW_ROUND)?,
            get(abi::SYM_FREE)?,
        );
        // SAFETY: function pointers of the ABI's documented types (see frost_sdk::native).
        unsafe {
            Ok(NativeGame {
                path: path.to_path_buf(),
                describe: std::mem::transmute::<*const (), DescribeFn>(d),
                configure: std::mem::transmute::<*const (), CallFn>(c),
                new_round: std::mem::transmute::<*const (), CallFn>(n),
                free: std::mem::transmute::<*const (), FreeFn>(f),
            })
        }
    }

    /// Takes a reply buffer from the plugin: size check, JSON decode, then free it.
    fn reply<T: DeserializeOwned>(
        &self,
        game: &str,
        call: &'static str,
        buf: FfiBuf,
        max_output: u64,
    ) -> Result<(Result<T, String>, u64), GameError> {
        let size = buf.len as u64;
        let parsed = if buf.ptr.is_null() {
            Err("the plugin returned a null buffer".to_string())
        } else if size > max_output {
            // Reported by the caller's size check; skip decoding a huge buffer.
            Ok(Reply::Err(String::new()))
        } else {
            // SAFETY: the plugin returned `len` initialized bytes at `ptr`, valid until freed.
            let bytes = unsafe { std::slice::from_raw_parts(buf.ptr, buf.len) };
            serde_json::from_slice::<Reply<T>>(bytes).map_err(|e| format!("undecodable reply: {e}"))
        };
        // SAFETY: the buffer came from this plugin and is freed once.
        unsafe { (self.free)(buf) };
        let game = game.to_string();
        match parsed {
            Ok(Reply::Ok(v)) => Ok((Ok(v), size)),
            Ok(Reply::Err(e)) => Ok((Err(e), size)),
            Ok(Reply::Panic(message)) => Err(GameError::Panic {
                game,
                call,
                message,
            }),
            Err(message) => Err(GameError::Trap {
                game,
                call,
                message,
            }),
        }
    }

    pub fn describe(&self, file: &str, max_output: u64) -> Result<(t::GameInfo, u64), GameError> {
        // SAFETY: ABI function; it catches its own panics.
        let buf = unsafe { (self.describe)() };
        let (r, size) = self.reply::<t::GameInfo>(file, "describe", buf, max_output)?;
        let info = r.map_err(|message| {
            if size > max_output {
                return GameError::OutputTooLarge {
                    game: file.into(),
                    call: "describe",
                    size,
                    limit: max_output,
                };
            }
            load_error(&self.path, format!("describe failed: {message}"))
        })?;
        Ok((info, size))
    }

    pub fn configure(
        &self,
        game: &str,
        config: &str,
        max_output: u64,
    ) -> Result<(Result<t::Requirements, String>, u64), GameError> {
        // SAFETY: ABI function reading our buffer for the duration of the call.
        let buf = unsafe { (self.configure)(config.as_ptr(), config.len()) };
        self.reply(game, "configure", buf, max_output)
    }

    pub fn new_round(
        &self,
        game: &str,
        config: &str,
        seed: u64,
        passages: &[t::Passage],
        max_output: u64,
    ) -> Result<(Result<t::Round, String>, u64), GameError> {
        let args = NewRoundArgs {
            config: config.to_string(),
            seed,
            passages: passages.to_vec(),
        };
        let json = serde_json::to_vec(&args).expect("plain data serializes");
        // SAFETY: ABI function reading our buffer for the duration of the call.
        let buf = unsafe { (self.new_round)(json.as_ptr(), json.len()) };
        self.reply(game, "new_round", buf, max_output)
    }
}
