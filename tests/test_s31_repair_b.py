"""Session-31 export / trace repairs of helper-283 (issue #23, b72-b74): fixers/repair_session31b.py.
Torch checks that the fixed text passes the back-ends the original failed with eager outputs
unchanged, and that no back-end that passed now fails; ``fixed_text`` applies each fix twice
(the second changes nothing). Look-alikes are left alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

EXPORT = Settings(targets=("export",), targets_explicit=True)
TRACE = Settings(targets=("trace",), targets_explicit=True)


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


# -- SizeSelectAsArithmetic (TL106): an int chosen by a test on sizes --------------------------
LISTWISE = """\
import torch
from torch import nn


class Listwise(nn.Module):
    def __init__(self, d: int = 6, list_size: int = 4):
        super().__init__()
        self.list_size = list_size
        self.enc = nn.Linear(d, d)
        self.score = nn.Linear(d, 1)

    def forward(self, cands):
        n, d = cands.shape
        lists = n // self.list_size if n % self.list_size == 0 else 1
        grouped = self.enc(cands).reshape(lists, -1, d)
        ctx = grouped.mean(1, keepdim=True)
        return self.score(grouped - ctx).squeeze(-1).log_softmax(-1)


Model = Listwise


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(8, 6),), (torch.randn(10, 6),), (torch.randn(12, 6),)]
"""

LISTED = LISTWISE.replace(
    "lists = n // self.list_size if n % self.list_size == 0 else 1",
    "lists = 1 + (n // self.list_size - 1) * (n % self.list_size == 0)",
)

# the same with a literal divisor: every operand an int whatever the settings, a safe fix
LITERAL = LISTWISE.replace("n // self.list_size if n % self.list_size == 0", "n // 4 if n % 4 == 0")
LITERAL_LISTED = LISTED.replace(
    "(n // self.list_size - 1) * (n % self.list_size == 0)", "(n // 4 - 1) * (n % 4 == 0)"
)

# the statement form, min and max of a size and a setting
BRANCHED = LITERAL.replace(
    "        lists = n // 4 if n % 4 == 0 else 1\n",
    "        if n % 4 == 0:\n            lists = n // 4\n        else:\n            lists = 1\n",
)

MODES = """\
import torch
from torch import nn


class Spectral(nn.Module):
    def __init__(self, channels: int = 4, modes: int = 6):
        super().__init__()
        self.modes = modes
        self.weight = nn.Parameter(torch.randn(channels, channels, modes) * 0.1)

    def forward(self, x):
        n = x.size(-1)
        x_ft = torch.fft.rfft(x)
        modes = min(self.modes, n // 2 + 1)
        mixed = torch.einsum("bim,iom->bom", x_ft[..., :modes].real, self.weight[..., :modes])
        out_ft = torch.zeros(x.size(0), x.size(1), n // 2 + 1, dtype=x.dtype)
        out_ft[..., :modes] = mixed
        return torch.fft.irfft(out_ft, n=n)


Model = Spectral


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(2, 4, 32),), (torch.randn(2, 4, 6),), (torch.randn(2, 4, 9),)]
"""

CLIPPED = MODES.replace(
    "modes = min(self.modes, n // 2 + 1)",
    "modes = n // 2 + 1 + (self.modes - (n // 2 + 1)) * (self.modes < n // 2 + 1)",
)


def test_an_int_chosen_by_a_size_test_becomes_arithmetic_on_the_test():
    assert fixed_text(LITERAL, TRACE, unsafe=False) == LITERAL_LISTED  # safe: ints throughout
    assert fixed_text(BRANCHED, TRACE, unsafe=False) == LITERAL_LISTED
    # a setting read off self: an int only by its annotation, so unsafe
    assert fixed_text(LISTWISE, TRACE) == LISTED
    assert fixed_text(LISTWISE, TRACE, unsafe=False) == LISTWISE
    assert fixed_text(MODES, TRACE) == CLIPPED
    assert fixed_text(MODES, TRACE, unsafe=False) == MODES
    # inside a larger expression: the parentheses stay
    source = LITERAL.replace(
        "lists = n // 4 if n % 4 == 0 else 1", "lists = 2 * (n // 4 if n % 4 == 0 else 1) // 2"
    )
    assert "lists = 2 * (1 + (n // 4 - 1) * (n % 4 == 0)) // 2\n" in fixed_text(
        source, TRACE, unsafe=False
    )
    # max, and a size on both sides: safe
    source = MODES.replace("min(self.modes, n // 2 + 1)", "max(x.size(1), n // 2 + 1)")
    assert (
        "modes = n // 2 + 1 + (x.size(1) - (n // 2 + 1)) * (x.size(1) > n // 2 + 1)"
        in fixed_text(source, TRACE, unsafe=False)
    )


def test_choices_that_are_not_surely_ints_are_left_alone():
    for source, old, new in [
        # a float branch: b + (a - b) * c rounds where the choice did not
        (LITERAL, "else 1", "else 1.0"),
        (LITERAL, "n // 4 if", "n / 4 if"),
        # neither value is a size: its uses never met a tensor under trace
        (LITERAL, "n // 4 if n % 4 == 0 else 1", "2 if n % 4 == 0 else 1"),
        # a divisor the test does not divide by: the branch not taken may raise
        (LITERAL, "n // 4 if n % 4 == 0 else 1", "n // d if n % 4 == 0 else 1"),
        # a test that is not one comparison of sizes
        (LITERAL, "if n % 4 == 0 else", "if n % 4 == 0 and d > 2 else"),
        # three values in an if / elif / else chain
        (
            BRANCHED,
            "        else:\n            lists = 1\n",
            "        elif n > 2:\n            lists = 2\n        else:\n            lists = 1\n",
        ),
        # a setting annotated float
        (MODES, "modes: int = 6", "modes: float = 6"),
        # a setting rebound outside __init__
        (MODES, "        n = x.size(-1)\n", "        self.modes = 3\n        n = x.size(-1)\n"),
        # a call in an operand
        (MODES, "min(self.modes, n // 2 + 1)", "min(int(self.weight.sum()), n // 2 + 1)"),
        # three arguments
        (MODES, "min(self.modes, n // 2 + 1)", "min(self.modes, n // 2 + 1, 4)"),
    ]:
        assert old in source, old
        changed = source.replace(old, new)
        fixed = fixed_text(changed, TRACE)
        assert ") * (" not in fixed, new


@requires_torch
def test_the_size_arithmetic_traces_with_eager_unchanged():
    for source, settings in ((LITERAL, TRACE), (LISTWISE, TRACE), (MODES, TRACE)):
        _assert_repaired(source, fixed_text(source, settings), ("trace",))
    _assert_repaired(BRANCHED, fixed_text(BRANCHED, TRACE), ("trace",))


@requires_torch
def test_the_size_arithmetic_gives_the_same_ints_in_python_and_torchscript():
    import torch

    def lists(n: int) -> int:
        return 1 + (n // 4 - 1) * (n % 4 == 0)

    def clip(modes: int, n: int) -> int:
        return n // 2 + 1 + (modes - (n // 2 + 1)) * (modes < n // 2 + 1)

    scripted_lists, scripted_clip = torch.jit.script(lists), torch.jit.script(clip)
    for n in range(0, 40):
        want = n // 4 if n % 4 == 0 else 1
        assert lists(n) == want and type(lists(n)) is int
        assert scripted_lists(n) == want and type(scripted_lists(n)) is int
        for modes in (-3, 0, 6, 40):
            assert clip(modes, n) == min(modes, n // 2 + 1) == scripted_clip(modes, n)
            assert type(clip(modes, n)) is int


# -- TolistRowMaxToAmax (TL104): Python max of each row of tolist(), made a tensor -----------
PATCHCORE = """\
import torch
from torch import nn


class PatchCore(nn.Module):
    def __init__(self, d: int = 6, bank: int = 16):
        super().__init__()
        self.embed = nn.Conv2d(3, d, 3, padding=1)
        self.register_buffer("bank", torch.randn(bank, d))

    def forward(self, img):
        patches = self.embed(img).flatten(2).transpose(1, 2)
        nn_dist = torch.cdist(patches, self.bank.expand(img.shape[0], -1, -1)).min(-1).values
        worst = [max(row) for row in nn_dist.tolist()]  # the worst patch
        return torch.tensor(worst)


Model = PatchCore


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(2, 3, 4, 4) * 3,)]
"""

SCORED = PATCHCORE.replace(
    "        worst = [max(row) for row in nn_dist.tolist()]  # the worst patch\n"
    "        return torch.tensor(worst)\n",
    "        worst = nn_dist.detach().amax(-1)  # the worst patch\n        return worst\n",
)


def test_python_max_of_each_row_becomes_amax():
    for settings in (EXPORT, TRACE):
        assert fixed_text(PATCHCORE, settings) == SCORED
    assert fixed_text(PATCHCORE, EXPORT, unsafe=False) == PATCHCORE  # unsafe only
    # inline, and min
    source = PATCHCORE.replace(
        "        worst = [max(row) for row in nn_dist.tolist()]  # the worst patch\n"
        "        return torch.tensor(worst)\n",
        "        return torch.tensor([min(r) for r in nn_dist.tolist()])\n",
    )
    assert "        return nn_dist.detach().amin(-1)\n" in fixed_text(source, TRACE)


def test_row_reductions_the_rewrite_cannot_read_are_left_alone():
    for old, new in [
        # a dtype given to torch.tensor
        ("torch.tensor(worst)", "torch.tensor(worst, dtype=torch.float64)"),
        # a filter in the comprehension
        ("for row in nn_dist.tolist()]", "for row in nn_dist.tolist() if row]"),
        # another reduction: Python's sum adds in double
        ("[max(row) for", "[sum(row) for"),
        # a default for an empty row
        ("[max(row) for", "[max(row, default=0.0) for"),
        # the element is not the reduction alone
        ("[max(row) for", "[max(row) + 1 for"),
        # the list is read again
        ("return torch.tensor(worst)", "return torch.tensor(worst) + len(worst)"),
        # the list goes elsewhere than torch.tensor
        ("return torch.tensor(worst)", "return torch.as_tensor(worst)"),
    ]:
        assert old in PATCHCORE, old
        source = PATCHCORE.replace(old, new)
        assert ".amax(-1)" not in fixed_text(source, TRACE), new


@requires_torch
def test_the_row_amax_exports_and_traces_with_eager_unchanged():
    _assert_repaired(PATCHCORE, fixed_text(PATCHCORE, EXPORT), ("export", "trace"))


# -- IntOfDataToItemWider (TL102): int(T) sizing tensors through operator.add / minlength ------
SEGMENTS = """\
import operator

import torch
from torch import nn


def num_segments(batch: torch.Tensor) -> int:
    # batch is sorted: the last graph id plus one is the number of graphs
    return operator.add(int(batch[-1]), 1)


def segment_mean(x: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
    n = num_segments(batch)
    total = x.new_zeros(n, x.shape[1]).index_add_(0, batch, x)
    count = torch.zeros(n, dtype=x.dtype).index_add_(0, batch, torch.ones_like(batch, dtype=x.dtype))
    return total / count.clamp_min(1).unsqueeze(1)


class Readout(nn.Module):
    def __init__(self, d: int = 5):
        super().__init__()
        self.node = nn.Linear(d, d)
        self.out = nn.Linear(d, 2)

    def forward(self, x: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
        return self.out(segment_mean(torch.relu(self.node(x)), batch))


Model = Readout


def inputs():
    torch.manual_seed(31)
    return [
        (torch.randn(7, 5), torch.tensor([0, 0, 0, 1, 1, 2, 2])),
        (torch.randn(7, 5), torch.tensor([0, 0, 1, 1, 1, 1, 1])),
        (torch.randn(7, 5), torch.tensor([0, 1, 2, 3, 4, 5, 5])),
    ]
"""

SEGMENTED = SEGMENTS.replace(
    "return operator.add(int(batch[-1]), 1)", "return operator.add(batch[-1].long().item(), 1)"
)

ROWS = """\
import torch
from torch import nn


class Rows(nn.Module):
    def __init__(self, gap: float = 0.15, dim: int = 6):
        super().__init__()
        self.gap = gap
        self.proj = nn.Linear(4, dim)

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        y = boxes[:, 1]
        order = y.argsort()
        boxes, y = boxes[order], y[order]
        new_row = torch.cat([y.new_zeros(1), (y[1:] - y[:-1] > self.gap).to(y.dtype)]).long()
        row_id = new_row.cumsum(0)
        n_rows = int(row_id[-1]) + 1
        pooled = torch.zeros(n_rows, 6).index_add_(0, row_id, self.proj(boxes))
        return pooled / torch.bincount(row_id, minlength=n_rows).unsqueeze(1)


Model = Rows


def inputs():
    torch.manual_seed(31)
    a = torch.tensor([[0.1, 0.10, 0.2, 0.02], [0.5, 0.12, 0.2, 0.02], [0.1, 0.5, 0.2, 0.02]])
    b = torch.tensor([[0.1, 0.10, 0.2, 0.02], [0.5, 0.32, 0.2, 0.02], [0.1, 0.55, 0.2, 0.02]])
    return [(a,), (b,)]
"""

ROWED = ROWS.replace("n_rows = int(row_id[-1]) + 1", "n_rows = row_id[-1].long().item() + 1")


def test_an_int_sizing_new_tensors_is_read_with_item_for_export():
    assert fixed_text(SEGMENTS, EXPORT) == SEGMENTED
    assert fixed_text(ROWS, EXPORT) == ROWED
    assert fixed_text(SEGMENTS, EXPORT, unsafe=False) == SEGMENTS  # unsafe only


def test_ints_going_elsewhere_than_sizes_are_left_alone():
    for source, old, new in [
        # a loop count
        (
            ROWS,
            "        pooled = torch.zeros(",
            "        for _ in range(n_rows):\n            y = y * 1\n        pooled = torch.zeros(",
        ),
        # a Python decision on it
        (
            ROWS,
            "        pooled = torch.zeros(",
            "        if n_rows > 2:\n            y = y * 2\n        pooled = torch.zeros(",
        ),
        # operator.mul, and operator.add of a tensor's number
        (SEGMENTS, "operator.add(int(batch[-1]), 1)", "operator.mul(int(batch[-1]), 2)"),
        (SEGMENTS, "operator.add(int(batch[-1]), 1)", "operator.add(int(batch[-1]), batch)"),
    ]:
        assert old in source, old
        fixed = fixed_text(source.replace(old, new), EXPORT)
        assert ".long().item()" not in fixed, new


@requires_torch
def test_the_sizes_read_with_item_export_with_eager_unchanged():
    # SEGMENTS scripts before and after (the scripted side keeps int()); trace and compile
    # fail before and after
    _assert_repaired(SEGMENTS, fixed_text(SEGMENTS, EXPORT), ("export",))
    _assert_repaired(ROWS, fixed_text(ROWS, EXPORT), ("export",))


# -- LenOfSelectionToShape (TL107): len() of a selection given as an argument ---------------
DEDUPE = """\
import torch
from torch import nn


def pool_by_doc(doc_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    docs, inverse = torch.unique(doc_ids, return_inverse=True)
    total = scores.new_zeros(len(docs)).index_add_(0, inverse, scores)
    count = scores.new_zeros(len(docs)).index_add_(0, inverse, torch.ones_like(scores))
    return total / count


class Rerank(nn.Module):
    def __init__(self, d: int = 8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(2 * d, d), nn.GELU(), nn.Linear(d, 1))

    def forward(self, query, passages, doc_ids):
        pair = torch.cat([query.expand_as(passages), passages], dim=-1)
        return pool_by_doc(doc_ids, self.enc(pair).squeeze(-1))


Model = Rerank


def inputs():
    torch.manual_seed(31)
    q = torch.randn(1, 8)
    return [
        (q, torch.randn(6, 8), torch.tensor([3, 3, 5, 7, 7, 7])),
        (q, torch.randn(6, 8), torch.tensor([1, 2, 4, 5, 8, 9])),
    ]
"""

DEDUPED = DEDUPE.replace("new_zeros(len(docs))", "new_zeros(docs.shape[0])")


def test_len_of_a_selection_becomes_its_first_size():
    assert fixed_text(DEDUPE, EXPORT, unsafe=False) == DEDUPED  # safe
    # a Python list's len is left: no tensor
    source = DEDUPE.replace(
        "docs, inverse = torch.unique(doc_ids, return_inverse=True)",
        "docs, inverse = torch.unique(doc_ids, return_inverse=True)\n    names = [0, 1]",
    ).replace(
        "scores.new_zeros(len(docs)).index_add_(0, inverse, scores)", "scores.new_zeros(len(names))"
    )
    assert "new_zeros(len(names))" in fixed_text(source, EXPORT)


@requires_torch
def test_the_first_size_exports_with_eager_unchanged():
    _assert_repaired(DEDUPE, fixed_text(DEDUPE, EXPORT), ("export",))
