//! The manifest inside a component: the custom section [`SECTION`], at the component's top
//! level (written by `frost-host game build`, [`embed`]) or in one of its core modules (a Rust
//! game's `frost_sdk::game_manifest!`, which the component's linker keeps in the module).
//!
//! Only section headers are read (an id byte, a LEB128 size, the payload): a component's
//! core modules are its `1` sections, nested components its `4` sections, custom sections
//! `0` in both, each opening with its name.

pub use frost_sdk::manifest::SECTION;

/// Why a component's sections could not be walked.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("the component's sections do not parse: {0}")]
pub struct SectionError(String);

const HEADER: usize = 8;
const CUSTOM: u8 = 0;
const CORE_MODULE: u8 = 1;
const COMPONENT: u8 = 4;

/// The manifest's bytes: the component's own section first, else the first core module's
/// (a nested component's are looked into as well). None: the component carries none.
pub fn find(wasm: &[u8]) -> Result<Option<&[u8]>, SectionError> {
    let top = sections(wasm)?;
    if let Some(&(_, payload)) = top
        .iter()
        .find(|(id, p)| *id == CUSTOM && custom_name(p) == Some(SECTION))
    {
        return Ok(Some(custom_data(payload)));
    }
    for &(id, payload) in &top {
        let inner = match id {
            CORE_MODULE => sections(payload)?,
            COMPONENT => match find(payload)? {
                Some(m) => return Ok(Some(m)),
                None => continue,
            },
            _ => continue,
        };
        if let Some((_, p)) = inner
            .iter()
            .find(|(id, p)| *id == CUSTOM && custom_name(p) == Some(SECTION))
        {
            return Ok(Some(custom_data(p)));
        }
    }
    Ok(None)
}

/// The component `wasm` with `manifest` as its top-level manifest section (any earlier
/// top-level one removed; a core module's is left as it is, and the top-level one wins).
pub fn embed(wasm: &[u8], manifest: &[u8]) -> Result<Vec<u8>, SectionError> {
    let mut out = wasm[..HEADER.min(wasm.len())].to_vec();
    for (id, payload) in sections(wasm)? {
        if id == CUSTOM && custom_name(payload) == Some(SECTION) {
            continue;
        }
        write_section(&mut out, id, payload);
    }
    let mut payload = Vec::new();
    write_leb(&mut payload, SECTION.len() as u64);
    payload.extend_from_slice(SECTION.as_bytes());
    payload.extend_from_slice(manifest);
    write_section(&mut out, CUSTOM, &payload);
    Ok(out)
}

/// Every section of a module or component: (id, payload).
fn sections(wasm: &[u8]) -> Result<Vec<(u8, &[u8])>, SectionError> {
    if wasm.len() < HEADER || &wasm[..4] != b"\0asm" {
        return Err(SectionError("no wasm header".into()));
    }
    let mut out = Vec::new();
    let mut i = HEADER;
    while i < wasm.len() {
        let id = wasm[i];
        let (size, next) = read_leb(wasm, i + 1)?;
        let end = next
            .checked_add(size as usize)
            .filter(|&e| e <= wasm.len())
            .ok_or_else(|| SectionError(format!("section {id} at byte {i} runs past the end")))?;
        out.push((id, &wasm[next..end]));
        i = end;
    }
    Ok(out)
}

fn custom_name(payload: &[u8]) -> Option<&str> {
    let (n, at) = read_leb(payload, 0).ok()?;
    let name = payload.get(at..at.checked_add(n as usize)?)?;
    std::str::from_utf8(name).ok()
}

fn custom_data(payload: &[u8]) -> &[u8] {
    match read_leb(payload, 0) {
        Ok((n, at)) => payload.get(at + n as usize..).unwrap_or_default(),
        Err(_) => &[],
    }
}

fn read_leb(b: &[u8], mut i: usize) -> Result<(u64, usize), SectionError> {
    let (mut value, mut shift) = (0u64, 0);
    loop {
        let byte = *b
            .get(i)
            .ok_or_else(|| SectionError("a size runs past the end".into()))?;
        i += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok((value, i));
        }
        shift += 7;
        if shift > 35 {
            return Err(SectionError("a size is longer than 5 bytes".into()));
        }
    }
}

fn write_leb(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn write_section(out: &mut Vec<u8>, id: u8, payload: &[u8]) {
    out.push(id);
    write_leb(out, payload.len() as u64);
    out.extend_from_slice(payload);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A component header, then the given sections.
    fn wasm(layer: u8, sections: &[(u8, Vec<u8>)]) -> Vec<u8> {
        let mut w = vec![0, b'a', b's', b'm', 0x0d, 0, layer, 0];
        for (id, p) in sections {
            write_section(&mut w, *id, p);
        }
        w
    }

    fn custom(name: &str, data: &[u8]) -> Vec<u8> {
        let mut p = Vec::new();
        write_leb(&mut p, name.len() as u64);
        p.extend_from_slice(name.as_bytes());
        p.extend_from_slice(data);
        p
    }

    #[test]
    fn a_core_modules_manifest_is_found_and_the_top_level_one_wins() {
        let module = wasm(0, &[(CUSTOM, custom(SECTION, b"name = \"inner\""))]);
        let component = wasm(1, &[(CORE_MODULE, module), (7, vec![1, 2, 3])]);
        assert_eq!(find(&component).unwrap(), Some(&b"name = \"inner\""[..]));
        let embedded = embed(&component, b"name = \"outer\"").unwrap();
        assert_eq!(find(&embedded).unwrap(), Some(&b"name = \"outer\""[..]));
        // Embedding again replaces the top-level section instead of adding one.
        let again = embed(&embedded, b"name = \"again\"").unwrap();
        assert_eq!(find(&again).unwrap(), Some(&b"name = \"again\""[..]));
        assert_eq!(again.len(), embedded.len());
        // Everything else is kept byte for byte.
        assert!(again.starts_with(&component));
    }

    #[test]
    fn no_manifest_and_a_torn_file() {
        let component = wasm(1, &[(CUSTOM, custom("producers", b"x"))]);
        assert_eq!(find(&component).unwrap(), None);
        let mut torn = component.clone();
        torn.extend_from_slice(&[CUSTOM, 0x7f]);
        assert!(find(&torn).is_err());
        assert!(find(b"not wasm").is_err());
    }

    #[test]
    fn leb128_round_trips() {
        for v in [0u64, 1, 127, 128, 300, 1 << 20, u32::MAX as u64] {
            let mut b = Vec::new();
            write_leb(&mut b, v);
            assert_eq!(read_leb(&b, 0).unwrap(), (v, b.len()));
        }
    }
}
