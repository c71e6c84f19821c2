//! The GPU's memory through the CUDA driver (libtorch has loaded it already): the free memory
//! when this thread's context is that GPU's (libtorch made it current when it put the model
//! there), else the device's total.

use super::Memory;
use std::ffi::{c_void, CStr};

type Init = unsafe extern "C" fn(u32) -> i32;
type DeviceGet = unsafe extern "C" fn(*mut i32, i32) -> i32;
type CtxGetDevice = unsafe extern "C" fn(*mut i32) -> i32;
type TotalMem = unsafe extern "C" fn(*mut usize, i32) -> i32;
type MemGetInfo = unsafe extern "C" fn(*mut usize, *mut usize) -> i32;

/// SAFETY: `lib` is a handle dlopen returned; the caller gives `T` the symbol's signature.
unsafe fn symbol<T: Copy>(lib: *mut c_void, name: &CStr) -> Option<T> {
    // SAFETY: dlsym only reads the name; a non-null result is the symbol's address.
    let p = unsafe { libc::dlsym(lib, name.as_ptr()) };
    // SAFETY: the caller's `T` is a function pointer type, the size of a pointer.
    (!p.is_null()).then(|| unsafe { std::mem::transmute_copy::<*mut c_void, T>(&p) })
}

pub fn free_or_total(index: usize) -> Option<Memory> {
    // SAFETY: the driver library (the process maps it already when CUDA is in use) and its
    // API's functions, called with their documented signatures.
    unsafe {
        let lib = libc::dlopen(c"libcuda.so.1".as_ptr(), libc::RTLD_LAZY);
        if lib.is_null() {
            return None;
        }
        let init: Init = symbol(lib, c"cuInit")?;
        let get: DeviceGet = symbol(lib, c"cuDeviceGet")?;
        if init(0) != 0 {
            return None;
        }
        let mut dev = 0i32;
        if get(&mut dev, index as i32) != 0 {
            return None;
        }
        let ctx_dev: Option<CtxGetDevice> = symbol(lib, c"cuCtxGetDevice");
        let info: Option<MemGetInfo> = symbol(lib, c"cuMemGetInfo_v2");
        if let (Some(ctx_dev), Some(info)) = (ctx_dev, info) {
            let mut current = -1i32;
            let (mut free, mut total) = (0usize, 0usize);
            if ctx_dev(&mut current) == 0
                && current == dev
                && info(&mut free, &mut total) == 0
                && total > 0
            {
                return Some(Memory {
                    bytes: free as u64,
                    what: format!("the free memory of cuda:{index}"),
                });
            }
        }
        let total_mem: TotalMem = symbol(lib, c"cuDeviceTotalMem_v2")?;
        let mut total = 0usize;
        (total_mem(&mut total, dev) == 0).then(|| Memory {
            bytes: total as u64,
            what: format!("the memory of cuda:{index}"),
        })
    }
}
