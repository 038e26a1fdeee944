"""Session-26 repairs of helper-241 (issue #23; fixers/repair_session26b.py), in spellings other
than the probe's (b70's MoCo queue): a KV cache whose position is a 0-d buffer, written along
its second dimension, the pointer moved by ``fill_``. Torch checks that the fixed text passes
the back-ends the original failed, with eager outputs unchanged over successive calls, and that
no back-end that passed now fails; ``fixed_text`` applies each fix twice (the second changes
nothing). Also (b69's adaptive computation time): a fixed-point loop
bounded by a counter whose test converts a tensor with ``bool()``, under ``--target trace``.
Also (b70's active-learning gate): a method of the class returning
``bool(<boolean tensor>)``, the one test of an ``if`` whose branches return.
Look-alikes are left alone. Also: fixers/side_effect_guard.py's report guard no longer
takes a write into a tensor for a report."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

COMPILE = Settings(targets=("compile",), targets_explicit=True)
TRACE = Settings(targets=("trace",), targets_explicit=True)
ALL = Settings(targets=("compile", "export", "trace"), targets_explicit=True)


def _assert_repaired(source: str, fixed: str, backends: tuple[str, ...]) -> None:
    from .oracle import assert_eager_unchanged, check

    assert fixed != source
    assert_eager_unchanged(source, fixed)
    for backend in backends:
        assert not check(source, backend).ok, f"nothing to repair on {backend}"
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in {"compile", "export", "trace", "script"} - set(backends):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"


# -- TL102: a write pointer read as a Python number ----------------------------------------------
KV_CACHE = """\
import torch
from torch import nn


class CachedAttention(nn.Module):
    def __init__(self, dim=4, length=12):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.register_buffer("k_cache", torch.zeros(2, length, dim))
        self.register_buffer("v_cache", torch.zeros(2, length, dim))
        self.register_buffer("pos", torch.tensor(0))

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        pos = int(self.pos)
        # append this step's keys and values
        self.k_cache[:, pos : k.size(1) + pos] = k.detach()
        self.v_cache[:, pos : pos + v.size(1), ...] = v.detach()  # values
        self.pos.fill_(pos + x.size(1))
        att = (q @ self.k_cache.transpose(1, 2)).softmax(-1)
        return att @ self.v_cache


Model = CachedAttention


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 4),), (torch.randn(2, 3, 4),), (torch.randn(2, 3, 4),)]
"""


def test_pointer_stays_a_tensor_and_blocks_go_through_an_index_keeping_comments():
    fixed = fixed_text(KV_CACHE, ALL)
    assert "        pos = self.pos.reshape(()).long().clone()\n" in fixed
    assert "        # append this step's keys and values\n" in fixed
    assert (
        "        self.k_cache[:, pos + torch.arange(k.size(1), device=pos.device)] = k.detach()\n"
    ) in fixed
    assert (
        "        self.v_cache[:, pos + torch.arange(v.size(1), device=pos.device), ...] = "
        "v.detach()  # values\n"
    ) in fixed
    assert "        self.pos.fill_(pos + x.size(1))\n" in fixed
    assert fixed_text(KV_CACHE, ALL, unsafe=False) == KV_CACHE  # unsafe only


@requires_torch
def test_kv_cache_with_a_tensor_pointer_compiles_and_exports_with_eager_unchanged():
    # torch.jit.trace still diverges: tracing runs forward once, so the traced module starts
    # one write ahead of a fresh eager one (the buffers are shared)
    _assert_repaired(KV_CACHE, fixed_text(KV_CACHE, ALL), ("compile", "export"))


@requires_torch
def test_tensor_pointer_arithmetic_is_python_int_arithmetic():
    # the moved pointer: floor division and remainder of a 0-d int64 tensor by ints, negative
    # operands included, are Python's
    import torch

    for start in (-7, -1, 0, 3, 11):
        pointer = torch.tensor([start]).reshape(()).long().clone()
        for n in (-5, -2, 1, 4):
            for value, number in (
                ((pointer + n) % 8, (start + n) % 8),
                ((pointer - n) // 3, (start - n) // 3),
                ((pointer * n) % -6, (start * n) % -6),
            ):
                assert value.dtype == torch.int64 and value.item() == number


def test_pointer_read_elsewhere_is_left_alone():
    # a branch on the pointer: the number decides what runs
    branch = KV_CACHE.replace(
        "        self.pos.fill_(pos + x.size(1))\n",
        "        if pos + x.size(1) < 12:\n            self.pos.fill_(pos + x.size(1))\n",
    )
    assert "        pos = int(self.pos)\n" in fixed_text(branch, COMPILE)
    # a read of the block (its length is the pointer): not a write
    read = KV_CACHE.replace(
        "        att = (q @ self.k_cache.transpose(1, 2)).softmax(-1)\n",
        "        att = (q @ self.k_cache[:, :pos].transpose(1, 2)).softmax(-1)\n",
    )
    assert "        pos = int(self.pos)\n" in fixed_text(read, COMPILE)
    # another dimension indexed by a number: an index tensor would move the block's dimension
    fixed_row = KV_CACHE.replace(
        "self.k_cache[:, pos : k.size(1) + pos] = k.detach()",
        "self.k_cache[0, pos : k.size(1) + pos] = k[0].detach()",
    )
    assert "        pos = int(self.pos)\n" in fixed_text(fixed_row, COMPILE)
    # moved by a fraction: float arithmetic in Python, not int64
    fraction = KV_CACHE.replace("self.pos.fill_(pos + x.size(1))", "self.pos.fill_(pos * 1.5)")
    assert "        pos = int(self.pos)\n" in fixed_text(fraction, COMPILE)
    # written into another tensor than the pointer
    elsewhere = KV_CACHE.replace("self.pos.fill_(", "self.k_cache.fill_(")
    assert "        pos = int(self.pos)\n" in fixed_text(elsewhere, COMPILE)


# -- side_effect_guard: a write into a tensor is not a report ------------------------------------
QUEUE = """\
import torch
from torch import nn


class Memory(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("bank", torch.zeros(6, 3))
        self.register_buffer("head", torch.zeros(1, dtype=torch.long))

    def push(self, x):
        at = int(self.head) % 6
        self.bank[at] = x[0].detach()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.memory = Memory()

    def forward(self, x):
        out = x @ self.memory.bank.t()
        self.memory.push(x)
        return out
"""


def test_a_number_written_into_a_tensor_buffer_is_not_guarded_as_a_report():
    # under torch.compile the guard would skip the write the next call reads (fix_text, not
    # fixed_text: another fixer's edit of this line is dropped as not compiling, and said so)
    from torchlint.lint.fixes import fix_text

    fixed = fix_text("example.py", QUEUE, COMPILE, unsafe=True).text
    assert "is_compiling" not in fixed
    assert "        self.bank[at] = x[0].detach()\n" in fixed


# -- TL102 in the test of a counted while loop (--target trace) ----------------------------------
FIXED_POINT = """\
import torch
from torch import nn


class FixedPoint(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.iters = 12

    def forward(self, x):
        z = torch.zeros_like(x)
        delta = x.new_ones(())
        n = 0
        # iterate until the update is small
        while n < self.iters and bool(delta > 1e-3):
            z_new = torch.tanh(0.5 * self.lin(z) + x)
            delta = (z_new - z).abs().max()
            z = z_new
            n += 1
        return z


Model = FixedPoint


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 4) * 3,), (torch.randn(3, 4),), (torch.randn(3, 4) * 0.01,)]
"""


def test_counted_while_on_bool_becomes_the_bounded_loop_under_trace():
    fixed = fixed_text(FIXED_POINT, TRACE)
    assert "        # iterate until the update is small\n" in fixed
    assert "        for _ in range(self.iters):\n            cond = delta > 1e-3\n" in fixed
    assert "            z = torch.where(cond, z_new, z)\n" in fixed
    assert "n += 1" not in fixed and "bool(" not in fixed
    assert fixed_text(FIXED_POINT, TRACE, unsafe=False) == FIXED_POINT  # unsafe only


@requires_torch
def test_counted_while_rewritten_traces_with_eager_unchanged():
    # the inputs stop after different numbers of steps: the trace of the loop bakes in the
    # first one's
    _assert_repaired(FIXED_POINT, fixed_text(FIXED_POINT, TRACE), ("trace",))


def test_while_without_a_counter_or_with_other_statements_is_left_alone():
    # no bound on the steps: no fixed count to run
    unbounded = FIXED_POINT.replace(
        "while n < self.iters and bool(delta > 1e-3):", "while bool(delta > 1e-3):"
    )
    assert "while bool(delta > 1e-3):" in fixed_text(unbounded, TRACE)
    # the counter read after the loop: it would be gone
    counted = FIXED_POINT.replace("        return z\n", "        return z * n\n")
    assert "while n < self.iters and bool(delta > 1e-3):" in fixed_text(counted, TRACE)
    # a call in the body that is not an assignment (a print): not a selectable step
    printed = FIXED_POINT.replace(
        "            z = z_new\n", "            z = z_new\n            print(n)\n"
    )
    assert "while n < self.iters and bool(delta > 1e-3):" in fixed_text(printed, TRACE)


# -- TL101 / TL102: an `if` on a helper that returns bool(<boolean tensor>) ----------------------
BOOL_HELPER = """\
import torch
from torch import nn


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.coarse = nn.Linear(4, 3)
        self.fine = nn.Linear(4, 3)
        self.limit = 1.0

    def _too_wide(self, logits: torch.Tensor) -> bool:
        # a wide spread of logits
        return bool((logits.amax(-1) - logits.amin(-1)).mean() > self.limit)

    def forward(self, x):
        y = self.coarse(x)
        if self._too_wide(y):  # refine
            return self.fine(x) * 0.5
        return y


Model = Detector


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4) * 0.01,), (torch.randn(2, 4) * 10,), (torch.randn(2, 4) * 0.1,)]
"""


def test_bool_helper_returns_the_tensor_and_the_branch_selects_under_each_target():
    fixed = fixed_text(BOOL_HELPER, COMPILE)
    assert "    def _too_wide(self, logits: torch.Tensor) -> torch.Tensor:\n" in fixed
    assert "        # a wide spread of logits\n" in fixed
    assert "        return (logits.amax(-1) - logits.amin(-1)).mean() > self.limit\n" in fixed
    assert (
        "        return torch.where(self._too_wide(y), self.fine(x) * 0.5, y)  # refine\n"
    ) in fixed
    # under --target trace only the bool() is reported: the same rewrite from there
    assert fixed_text(BOOL_HELPER, TRACE) == fixed
    assert fixed_text(BOOL_HELPER, COMPILE, unsafe=False) == BOOL_HELPER  # unsafe only


@requires_torch
def test_bool_helper_rewritten_compiles_exports_and_traces_with_eager_unchanged():
    _assert_repaired(BOOL_HELPER, fixed_text(BOOL_HELPER, COMPILE), ("compile", "export", "trace"))


def test_bool_helper_used_elsewhere_or_not_of_a_tensor_is_left_alone():
    # called a second time in the file: that caller may want a bool
    twice = BOOL_HELPER.replace(
        "        y = self.coarse(x)\n",
        "        y = self.coarse(x)\n        self.last = self._too_wide(y)\n",
    )
    assert "        return bool((logits" in fixed_text(twice, COMPILE)
    # two returns: not one tensor to hand back
    two = BOOL_HELPER.replace(
        "        # a wide spread of logits\n",
        "        if not self.training:\n            return False\n",
    )
    assert "        return bool((logits" in fixed_text(two, COMPILE)
    # the truth of a Python setting, not of tensor data
    setting = BOOL_HELPER.replace(
        "return bool((logits.amax(-1) - logits.amin(-1)).mean() > self.limit)",
        "return bool(self.limit > 0.5)",
    )
    assert "        return bool(self.limit > 0.5)\n" in fixed_text(setting, COMPILE)


def test_a_one_wide_slice_write_gets_the_index_write_not_a_call_on_the_left():
    # fixers/scalar_to_tensor.py, repair_session22.py and repair_session24.py rewrote the
    # subscript into `x.index_select(...)` / `x[...].squeeze(...)` even where it is assigned
    # to (a fix that does not compile, dropped, and that hid this one)
    one_wide = QUEUE.replace(
        "        at = int(self.head) % 6\n        self.bank[at] = x[0].detach()\n",
        "        at = int(self.head)\n        self.bank[at : at + 1] = x[:1].detach()\n",
    )
    fixed = fixed_text(one_wide, COMPILE)
    assert "        at = self.head.reshape(()).long().clone()\n" in fixed
    assert "        self.bank[at + torch.arange(1, device=at.device)] = x[:1].detach()\n" in fixed
    # a number indexing the written tensor: no rewrite offered, none dropped
    indexed = QUEUE.replace("int(self.head) % 6", "int(self.head)")
    assert "        self.bank[at] = x[0].detach()\n" in fixed_text(indexed, COMPILE)
