//! The native plugin ABI: C functions exchanging JSON, for trusted games the host loads with
//! `libloading` (`frost-host --allow-native`). The host uses the same definitions.
//!
//! Exports (emitted by [`crate::export_game!`]):
//! - `frost_game_abi_version() -> *const c_char`: NUL-terminated [`crate::ABI_VERSION`]; the
//!   host checks it before looking up or calling anything else.
//! - `frost_game_describe() -> FfiBuf`: JSON `Reply<GameInfo>`.
//! - `frost_game_configure(ptr, len) -> FfiBuf`: config JSON in, JSON `Reply<Requirements>` out.
//! - `frost_game_new_round(ptr, len) -> FfiBuf`: JSON [`NewRoundArgs`] in, JSON `Reply<Round>` out.
//! - `frost_game_free(FfiBuf)`: frees a buffer the plugin returned.
//!
//! Every export runs behind `catch_unwind`: a panic becomes [`Reply::Panic`], never an
//! unwind across the C boundary.

use crate::{Game, Passage};
use serde::{Deserialize, Serialize};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub const SYM_ABI_VERSION: &[u8] = b"frost_game_abi_version\0";
pub const SYM_DESCRIBE: &[u8] = b"frost_game_describe\0";
pub const SYM_CONFIGURE: &[u8] = b"frost_game_configure\0";
pub const SYM_NEW_ROUND: &[u8] = b"frost_game_new_round\0";
pub const SYM_FREE: &[u8] = b"frost_game_free\0";

/// [`crate::ABI_VERSION`] as a C string, from the same literal.
pub const ABI_VERSION_C: &std::ffi::CStr =
    match std::ffi::CStr::from_bytes_with_nul(concat!(crate::abi_version!(), "\0").as_bytes()) {
        Ok(s) => s,
        Err(_) => panic!("the ABI version has no interior NUL"),
    };

/// Bytes owned by the plugin (a leaked `Vec<u8>`), returned to it through `frost_game_free`.
#[repr(C)]
#[derive(Debug)]
pub struct FfiBuf {
    pub ptr: *mut u8,
    pub len: usize,
    pub cap: usize,
}

/// What every export returns, as JSON.
#[derive(Debug, Serialize, Deserialize)]
pub enum Reply<T> {
    Ok(T),
    /// The game refused (bad config, bad passages).
    Err(String),
    /// The game panicked; the panic message.
    Panic(String),
}

#[derive(Debug, Serialize, Deserialize)]
pub struct NewRoundArgs {
    pub config: String,
    pub seed: u64,
    pub passages: Vec<Passage>,
}

fn to_buf(bytes: Vec<u8>) -> FfiBuf {
    let mut bytes = std::mem::ManuallyDrop::new(bytes);
    FfiBuf {
        ptr: bytes.as_mut_ptr(),
        len: bytes.len(),
        cap: bytes.capacity(),
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-string payload".to_string()
    }
}

thread_local! {
    /// Where the last panic on this thread happened (set by the plugin's panic hook).
    static PANIC_AT: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// A plugin links its own copy of std, so this hook is the plugin's alone: it records the
/// panic's location for the reply instead of printing into the host's stderr.
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let at = info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            PANIC_AT.with(|p| *p.borrow_mut() = at);
        }))
    });
}

/// Runs `f` behind `catch_unwind` and encodes its result as a JSON [`Reply`].
fn reply<T: Serialize>(f: impl FnOnce() -> Result<T, String>) -> FfiBuf {
    install_panic_hook();
    let reply = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Reply::Ok(v),
        Ok(Err(e)) => Reply::Err(e),
        Err(payload) => {
            let message = panic_message(payload.as_ref());
            match PANIC_AT.with(|p| p.borrow_mut().take()) {
                Some(at) => Reply::Panic(format!("{message} (at {at})")),
                None => Reply::Panic(message),
            }
        }
    };
    let json = serde_json::to_vec(&reply).unwrap_or_else(|e| {
        serde_json::to_vec(&Reply::<()>::Err(format!(
            "could not encode the reply: {e}"
        )))
        .unwrap_or_default()
    });
    to_buf(json)
}

/// # Safety
/// `ptr..ptr+len` must be readable for the duration of the call.
unsafe fn input<'a>(ptr: *const u8, len: usize) -> Result<&'a str, String> {
    if ptr.is_null() {
        return Ok("");
    }
    // SAFETY: the caller guarantees the buffer.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    std::str::from_utf8(bytes).map_err(|e| format!("input is not UTF-8: {e}"))
}

pub fn describe<G: Game>() -> FfiBuf {
    reply(|| Ok(crate::describe::<G>()))
}

/// # Safety
/// `ptr..ptr+len` must be readable for the duration of the call.
pub unsafe fn configure<G: Game>(ptr: *const u8, len: usize) -> FfiBuf {
    // SAFETY: forwarded from the caller.
    reply(|| crate::configure::<G>(unsafe { input(ptr, len) }?))
}

/// # Safety
/// `ptr..ptr+len` must be readable for the duration of the call.
pub unsafe fn new_round<G: Game>(ptr: *const u8, len: usize) -> FfiBuf {
    reply(|| {
        // SAFETY: forwarded from the caller.
        let args: NewRoundArgs = serde_json::from_str(unsafe { input(ptr, len) }?)
            .map_err(|e| format!("bad new_round arguments: {e}"))?;
        crate::new_round::<G>(&args.config, args.seed, &args.passages)
    })
}

/// # Safety
/// `buf` must have been returned by this plugin and not freed yet.
pub unsafe fn free(buf: FfiBuf) {
    if !buf.ptr.is_null() {
        // SAFETY: `buf` is a leaked Vec<u8> from `to_buf`.
        drop(unsafe { Vec::from_raw_parts(buf.ptr, buf.len, buf.cap) });
    }
}
