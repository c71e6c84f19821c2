# The helper frost-host runs its collectives in (torch.distributed on tensors given by
# pointer), embedded by dist.rs.
import ctypes, datetime, os, threading
import torch
import torch.distributed as dist

_group = None
_timeout_s = None

def init(backend, rank, size, local_rank, join_s, timeout_s, device):
    global _group, _timeout_s
    _timeout_s = timeout_s
    if device >= 0:
        torch.cuda.set_device(device)
    # A second run in the same process (bench --phases runs two; dist.rs keep_process_group)
    # keeps the group it joined: the launcher's rendezvous happens once per launch.
    if dist.is_initialized():
        return
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

# Tensor parallelism (dist/group.rs): groups of consecutive ranks, and collectives over one of
# them on tensors of any kind the model uses.
_groups = []

_KINDS = {
    "f32": (torch.float32, ctypes.c_float, "<f4"),
    "f64": (torch.float64, ctypes.c_double, "<f8"),
    "bf16": (torch.bfloat16, ctypes.c_uint16, "<i2"),
    "f16": (torch.float16, ctypes.c_uint16, "<i2"),
    "i64": (torch.int64, ctypes.c_int64, "<i8"),
}

def _typed(ptr, n, device, kind):
    dtype, ctype, typestr = _KINDS[kind]
    if device < 0:
        return torch.frombuffer((ctype * n).from_address(ptr), dtype=dtype)
    cuda = _Cuda(ptr, n)
    cuda.__cuda_array_interface__["typestr"] = typestr
    # bf16 and f16 travel as 16-bit integers (no array-interface type), viewed back in place.
    return torch.as_tensor(cuda, device=f"cuda:{device}").view(dtype)

def new_groups(size):
    """Every rank makes every group of `size` consecutive ranks (torch asks all ranks to make
    each group, in the same order); returns the index of this rank's."""
    rank, world = dist.get_rank(), dist.get_world_size()
    mine = None
    for first in range(0, world, size):
        ranks = list(range(first, first + size))
        group = dist.new_group(ranks=ranks, timeout=datetime.timedelta(seconds=_timeout_s))
        _groups.append(group)
        if rank in ranks:
            mine = len(_groups) - 1
    return mine

def group_all_reduce(ptr, n, device, kind, op, index):
    ops = {"sum": dist.ReduceOp.SUM, "max": dist.ReduceOp.MAX}
    dist.all_reduce(_typed(ptr, n, device, kind), op=ops[op], group=_groups[index])

def group_all_gather(out_ptr, in_ptr, n, device, kind, index):
    group = _groups[index]
    out = _typed(out_ptr, n * dist.get_world_size(group), device, kind)
    dist.all_gather(list(out.view(-1, n).unbind(0)), _typed(in_ptr, n, device, kind), group=group)
