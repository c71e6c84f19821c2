//! The on-disk cache of compiled game components, `$FROST_CACHE/components`.
//!
//! A compiled component is native code that wasmtime runs without checking it, so an entry is
//! trusted only if it carries a valid HMAC-SHA256, under a per-user secret key
//! (`$FROST_CACHE/component-key`, mode 0600, created on first use, outside the components
//! directory), over (the engine's settings, the hash of the game's wasm bytes, the compiled
//! bytes). Whoever can write the components directory but not read the key cannot make the host
//! load code of their choosing; a swapped, truncated or bit-flipped entry, or a missing key,
//! fails the check and the game is compiled again (and the entry rewritten), never loaded.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};
use wasmtime::component::Component;
use wasmtime::Engine;

type HmacSha256 = Hmac<Sha256>;

const KEY_BYTES: usize = 32;

/// Where one game's compiled code lives, and what its MAC covers.
pub struct Entry {
    /// `<components>/<sha256 of the engine's settings and the wasm bytes>.cwasm`.
    pub path: PathBuf,
    /// The MAC file beside it: `<...>.cwasm.mac`.
    mac_path: PathBuf,
    /// What the MAC covers besides the compiled bytes: engine hash and wasm hash.
    context: Vec<u8>,
}

impl Entry {
    pub fn new(engine: &Engine, wasm: &[u8]) -> Entry {
        let mut engine_hash = std::hash::DefaultHasher::new();
        std::hash::Hash::hash(&engine.precompile_compatibility_hash(), &mut engine_hash);
        let engine_hash = std::hash::Hasher::finish(&engine_hash);
        let mut context = b"frost-component-v1\0wasmtime-48\0".to_vec();
        context.extend_from_slice(&engine_hash.to_le_bytes());
        context.extend_from_slice(&Sha256::digest(wasm));
        let name: String = Sha256::digest(&context)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let dir = crate::run::cache::components_dir();
        Entry {
            path: dir.join(format!("{name}.cwasm")),
            mac_path: dir.join(format!("{name}.cwasm.mac")),
            context,
        }
    }

    fn mac(&self, key: &[u8], compiled: &[u8]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(key).expect("HMAC takes any key length");
        mac.update(&(self.context.len() as u64).to_le_bytes());
        mac.update(&self.context);
        mac.update(compiled);
        mac
    }

    /// The cached component if the entry exists and its MAC verifies; `None` (with a warning
    /// for a bad entry) otherwise.
    pub fn load(&self, engine: &Engine) -> Option<Component> {
        if !self.path.exists() {
            return None;
        }
        let warn = |why: &str| {
            tracing::warn!(
                "ignoring cache entry {} ({why}); compiling the game again",
                self.path.display()
            );
        };
        let Some(key) = key(false) else {
            warn("no cache key to check it against");
            return None;
        };
        let (Ok(compiled), Ok(tag)) = (std::fs::read(&self.path), std::fs::read(&self.mac_path))
        else {
            warn("unreadable entry or MAC file");
            return None;
        };
        if self.mac(&key, &compiled).verify_slice(&tag).is_err() {
            warn("its MAC does not match: swapped, corrupted or written by someone else");
            return None;
        }
        // SAFETY: the bytes are exactly what this host serialized for these wasm bytes under
        // these engine settings: the MAC, keyed by a secret only this user can read, proves it.
        match unsafe { Component::deserialize(engine, &compiled) } {
            Ok(c) => Some(c),
            Err(e) => {
                warn(&format!("unusable: {e}"));
                None
            }
        }
    }

    /// Writes the entry and its MAC (each atomically; the MAC last, so a reader never trusts
    /// half an entry).
    pub fn store(&self, component: &Component) -> wasmtime::Result<()> {
        let key = key(true).ok_or_else(|| wasmtime::format_err!("no usable cache key"))?;
        let compiled = component.serialize()?;
        let tag = self.mac(&key, &compiled).finalize().into_bytes();
        // The old MAC goes first: between the two renames no MAC matches the new bytes.
        let _ = std::fs::remove_file(&self.mac_path);
        write_atomic(&self.path, &compiled)?;
        write_atomic(&self.mac_path, &tag)?;
        Ok(())
    }
}

fn key_path() -> PathBuf {
    crate::run::cache::cache_dir().join("component-key")
}

/// The per-user cache key: read, or (when `create`) made on first use. `None` when missing
/// (and not created), unreadable, the wrong size, or readable by others.
fn key(create: bool) -> Option<Vec<u8>> {
    let path = key_path();
    match std::fs::read(&path) {
        Ok(k) if k.len() == KEY_BYTES && private(&path) => Some(k),
        Ok(_) => {
            tracing::warn!(
                "the cache key {} is not {KEY_BYTES} bytes readable only by you; not using the \
                 component cache (delete the file to make a new key)",
                path.display()
            );
            None
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && create => new_key(&path),
        Err(_) => None,
    }
}

#[cfg(unix)]
fn private(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o077 == 0)
}

#[cfg(not(unix))]
fn private(_: &Path) -> bool {
    true
}

fn new_key(path: &Path) -> Option<Vec<u8>> {
    let mut k = vec![0u8; KEY_BYTES];
    let mut urandom = std::fs::File::open("/dev/urandom").ok()?;
    std::io::Read::read_exact(&mut urandom, &mut k).ok()?;
    std::fs::create_dir_all(path.parent()?).ok()?;
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
    match opts.open(path) {
        Ok(mut f) => {
            f.write_all(&k).ok()?;
            Some(k)
        }
        // Another process made it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => key(false),
        Err(_) => None,
    }
}

fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().expect("cache path has a parent");
    std::fs::create_dir_all(dir)?;
    // Unique per writer (process and call), so concurrent loads never share a temp file.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{}-{n}.tmp", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}
