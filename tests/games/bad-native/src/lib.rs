//! A native plugin with a wrong handshake. Every other export aborts the process, so a host
//! that calls anything after a failed handshake dies visibly instead of passing a test.
use std::ffi::c_char;

#[no_mangle]
pub extern "C" fn frost_game_abi_version() -> *const c_char {
    c"9.9.9".as_ptr()
}

#[no_mangle]
pub extern "C" fn frost_game_describe() {
    std::process::abort()
}

#[no_mangle]
pub extern "C" fn frost_game_configure() {
    std::process::abort()
}

#[no_mangle]
pub extern "C" fn frost_game_new_round() {
    std::process::abort()
}

#[no_mangle]
pub extern "C" fn frost_game_free() {
    std::process::abort()
}
