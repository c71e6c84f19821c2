# The helper frost-host runs its collectives in (torch.distributed on tensors given by
# pointer), embedded by dist.rs.
import ctypes, datetime, os, threading
import torch
import torch.distributed as dist

_group = None

def init(backend, rank, size, local_rank, join_s, timeout_s, device):
    global _group
    if device >= 0:
        torch.cuda.set_device(device)
    # The rendezvous in a thread, waited for join_s: a rank whose MASTER_PORT answers but is no
    # store (another process holds it) would otherwise wait on torch's own socket timeouts.
    failed = []

    def join():
        try:
            if device >= 0:
                torch.cuda.set_device(device)
            dist.init_process_group(backend=backend, init_method="env://", rank=rank,
                                    world_size=size, timeout=datetime.timedelta(seconds=join_s))
        except BaseException as e:
            failed.append(e)

    t = threading.Thread(target=join, daemon=True)
    t.start()
    # Past torch's own timeout (which says how many ranks joined), never much past join_s.
    t.join(join_s * 1.1 + 5)
    if t.is_alive():
        raise TimeoutError(f"the rendezvous timed out after {join_s} s")
    if failed:
        raise failed[0]
    if timeout_s != join_s:
        _group = dist.new_group(timeout=datetime.timedelta(seconds=timeout_s))

class _Cuda:
    def __init__(self, ptr, n):
        self.__cuda_array_interface__ = {"shape": (n,), "typestr": "<f4",
                                          "data": (ptr, False), "version": 2}

def _view(ptr, n, device):
    if device < 0:
        return torch.frombuffer((ctypes.c_float * n).from_address(ptr), dtype=torch.float32)
    return torch.as_tensor(_Cuda(ptr, n), device=f"cuda:{device}")

def all_reduce(ptr, n, device):
    dist.all_reduce(_view(ptr, n, device), group=_group)

def broadcast(ptr, n, device, src):
    dist.broadcast(_view(ptr, n, device), src, group=_group)

def all_gather(data):
    out = [None] * dist.get_world_size()
    dist.all_gather_object(out, data, group=_group)
    return out

def barrier():
    dist.barrier(group=_group)

def destroy():
    if dist.is_initialized():
        dist.destroy_process_group()
