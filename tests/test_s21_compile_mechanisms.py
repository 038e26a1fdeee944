"""Compile / export mechanisms from session 21's blind misses (fresh13, probe batch b61), in
other spellings than the corpus and the probes.

- Standard-library pattern matchers of two arguments (``fnmatch.fnmatch(name, pattern)``,
  ``fnmatchcase``, ``filter``): the generated ``stdlib_inlined_refused`` table now asks each
  function with one or two strings or a list of strings (TL317).
- ``torch.masked``'s MaskedTensor constructors, among the namespaces the generated
  ``torch_skipped`` table asks (TL317).
"""

from __future__ import annotations

from .conftest import requires_torch
from .lint_helpers import findings as _findings


def _lines(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in _findings(source, code, target)]


# --- TL317: fnmatch's two-argument matchers, torch.masked -----------------------------------

PATTERN_MATCHERS = """
import fnmatch as fm
from fnmatch import fnmatchcase

import torch
from torch import nn
from torch.masked import as_masked_tensor


def _taps(names, pattern):
    return fm.filter(names, pattern)


class Taps(nn.Module):
    def __init__(self, keep: str = "block_[13]"):
        super().__init__()
        self.keep = keep
        self.blocks = nn.ModuleDict({f"block_{i}": nn.Linear(4, 4) for i in range(4)})

    def forward(self, x, mask):
        out = []
        for name, block in self.blocks.items():
            x = block(x)
            if fnmatchcase(name, self.keep) or fm.fnmatch(name, "*_0"):
                out.append(x)
        chosen = _taps(list(self.blocks), self.keep)
        pooled = as_masked_tensor(x, mask).sum(dim=0)
        return out, chosen, pooled
"""


def test_fnmatch_matchers_and_masked_tensors_are_flagged_for_compile():
    assert _lines(PATTERN_MATCHERS, "TL317", "compile") == [10, 23, 23, 26]
    assert _lines(PATTERN_MATCHERS, "TL317", "export") == []


PATTERNS_OUTSIDE = """
import fnmatch

import torch
from torch import nn


class Taps(nn.Module):
    def __init__(self, keep: str = "block_[13]"):
        super().__init__()
        names = [f"block_{i}" for i in range(4)]
        self.taps = [n for n in names if fnmatch.fnmatch(n, keep)]
        self.blocks = nn.ModuleDict({n: nn.Linear(4, 4) for n in names})

    def forward(self, x, mask):
        out = []
        for name, block in self.blocks.items():
            x = block(x)
            if name in self.taps:
                out.append(torch.masked_fill(x, ~mask, 0.0))
        return out
"""


def test_matching_in_the_constructor_and_masked_fill_are_not_flagged():
    assert _lines(PATTERNS_OUTSIDE, "TL317", "compile") == []


@requires_torch
def test_torch_refuses_fnmatch_and_masked_tensors_in_compiled_code():
    import fnmatch

    import pytest
    import torch
    from torch.masked import masked_tensor

    def matched(x):
        return x + 1 if fnmatch.fnmatchcase("block_1", "block_[13]") else x

    def masked(x):
        return masked_tensor(x, x > 0).sum().get_data()

    x = torch.randn(4)
    for function in (matched, masked):
        torch._dynamo.reset()
        with pytest.raises(torch._dynamo.exc.Unsupported):
            torch.compile(function, fullgraph=True, backend="eager")(x)
    # Matched outside (the constructor above), the names are a list Dynamo reads.
    taps = [n for n in ("block_0", "block_1") if fnmatch.fnmatch(n, "block_[13]")]

    def listed(x):
        return x + 1 if "block_1" in taps else x

    torch._dynamo.reset()
    assert torch.equal(torch.compile(listed, fullgraph=True, backend="eager")(x), x + 1)


# --- TL351: a TorchScript module called in compiled code -------------------------------------

SCRIPT_MODULES = """
import io

import torch
import torch.jit as jit
from torch import nn

BUFFER = io.BytesIO()
LOADED = jit.load(BUFFER)


class Encoder(nn.Module):
    def forward(self, x):
        return x.tanh()


def packaged(path) -> torch.jit.ScriptModule:
    return load_somehow(path)


def compiled_encoder():
    enc = Encoder().eval()
    frozen = torch.jit.freeze(torch.jit.script(enc))
    return frozen


class Model(nn.Module):
    def __init__(self, path):
        super().__init__()
        self.enc = compiled_encoder()
        self.stem = jit.trace_module(nn.Linear(4, 4), {"forward": torch.randn(1, 4)}).eval()
        self.ext = packaged(path)
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        x = self.stem(x) + LOADED(x)
        return self.head(self.enc(x) + self.ext(x))
"""


def test_traced_scripted_frozen_and_loaded_modules_are_flagged_for_compile():
    found = _findings(SCRIPT_MODULES, "TL351", "compile")
    assert [d.line for d in found] == [35, 35, 36, 36]
    by_name = {d.message.split("`")[1]: d.message for d in found}
    assert "Attempted to inline function marked as skipped" in by_name["self.stem"]
    assert "torch.jit.script/freeze modules unsupported" in by_name["LOADED"]
    assert "torch.jit.script/freeze modules unsupported" in by_name["self.enc"]
    assert "for a traced module" in by_name["self.ext"]  # annotated only: either refusal
    assert _lines(SCRIPT_MODULES, "TL351", "export") == []


SCRIPT_FUNCTIONS = """
import torch
from torch import nn


@torch.jit.script
def swish(x):
    return x * torch.sigmoid(x)


def _gate(x):
    return x.sigmoid()


def build(block):
    return torch.jit.trace(block, torch.randn(1, 4))


class Model(nn.Module):
    def __init__(self, block: nn.Module):
        super().__init__()
        self.gate = torch.jit.trace(_gate, torch.randn(2))
        self.act = torch.jit.script(swish)
        self.block = build(block)
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.block(self.act(self.gate(self.fc(x))))
"""


def test_script_functions_and_unknown_arguments_are_not_flagged():
    # `build(block)` traces a parameter: a module or a function, not known here.
    assert _lines(SCRIPT_FUNCTIONS, "TL351", "compile") == []


@requires_torch
def test_torch_refuses_script_modules_and_calls_script_functions():
    import io

    import pytest
    import torch
    from torch import nn

    def gate(x):
        return x.sigmoid()

    stem = nn.Sequential(nn.Linear(4, 4), nn.ReLU()).eval()
    buffer = io.BytesIO()
    torch.jit.save(torch.jit.script(stem), buffer)
    buffer.seek(0)
    refused = {
        "Attempted to inline function marked as skipped": [
            torch.jit.trace(stem, torch.randn(1, 4)),
            torch.jit.trace_module(stem, {"forward": torch.randn(1, 4)}).eval(),
        ],
        "torch.jit.script/freeze modules unsupported": [
            torch.jit.script(stem),
            torch.jit.freeze(torch.jit.script(stem)),
            torch.jit.load(buffer),
        ],
    }

    class Model(nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, x):
            return self.inner(x * 2) + 1

    x = torch.randn(2, 4)
    for reason, modules in refused.items():
        for inner in modules:
            assert isinstance(inner, torch.jit.ScriptModule)
            torch._dynamo.reset()
            with pytest.raises(torch._dynamo.exc.Unsupported, match=reason):
                torch.compile(Model(inner), fullgraph=True, backend="eager")(x)
    for inner in (torch.jit.trace(gate, torch.randn(2)), torch.jit.script(gate)):
        assert not isinstance(inner, torch.jit.ScriptModule)
        torch._dynamo.reset()
        model = Model(inner)
        assert torch.allclose(torch.compile(model, fullgraph=True, backend="eager")(x), model(x))


@requires_torch
def test_script_module_types_named_by_tl351_are_torch_script_modules():
    import importlib

    import torch

    from torchlint.rules.tl351_script_module_in_compile import SCRIPT_MODULE_TYPES

    for name in SCRIPT_MODULE_TYPES:
        module, _, attr = name.rpartition(".")
        cls = getattr(importlib.import_module(module), attr)
        assert issubclass(cls, torch.jit.ScriptModule), name


# --- TL107: the size of a selection rebound to the same name, tested in Python ----------------

REBOUND_SELECTION = """
import torch
from torch import nn


class Pool(nn.Module):
    def __init__(self, ignore: int = -100):
        super().__init__()
        self.ignore = ignore
        self.proj = nn.Linear(4, 4)

    def forward(self, feats, labels):
        feats, labels = self.proj(feats), labels.flatten()
        keep = labels != self.ignore
        feats, labels = feats[keep], labels[keep]
        if feats.shape[0] == 0:
            return feats.sum() * 0.0
        scores = self.proj(feats)
        scores = scores[scores.amax(dim=1) > 0]
        if len(scores) < 2:
            return feats.mean()
        return scores.mean() + labels.float().mean()
"""


def _size_tests(source: str, target: str) -> list[int]:
    """Lines of TL107's findings on a Python use of a data-dependent size (not the plain
    compile breaks of the selections themselves)."""
    found = _findings(source, "TL107", target)
    return [d.line for d in found if "of the data-dependent size of" in d.message]


def test_a_selection_rebound_to_the_same_name_is_flagged_for_compile_and_export():
    assert _size_tests(REBOUND_SELECTION, "compile") == [15, 19]
    assert _lines(REBOUND_SELECTION, "TL107", "export") == [15, 19]


REBOUND_OTHERWISE = """
import torch
from torch import nn


class Pool(nn.Module):
    def __init__(self, ignore: int = -100, drop: bool = True):
        super().__init__()
        self.ignore = ignore
        self.drop = drop
        self.proj = nn.Linear(4, 4)

    def forward(self, feats, labels):
        keep = labels != self.ignore
        feats = feats[keep]
        feats = torch.where(keep[:, None], self.proj(labels.float()[:, None] * 0 + 1), 0.0)
        if feats.shape[0] == 0:
            return feats.sum()
        scores = self.proj(feats)
        if self.drop:
            scores = scores[scores.amax(dim=1) > 0]
        if scores.shape[0] < 2:
            return feats.mean()
        for _ in range(2):
            if feats.shape[0] > 3:
                feats = feats * 2
            feats = feats[:, :4]
        return scores.mean()
"""


def test_a_selection_replaced_before_the_test_or_rebound_conditionally_is_not_flagged():
    # The last binding before the first test is a full tensor; the second test's binding is
    # under an `if` (eager may skip it); the loop's test reads a slice, not a selection.
    assert _size_tests(REBOUND_OTHERWISE, "compile") == []
    assert _lines(REBOUND_OTHERWISE, "TL107", "export") == []


@requires_torch
def test_torch_refuses_testing_a_rebound_selections_size():
    import pytest
    import torch

    class Pool(torch.nn.Module):
        def forward(self, feats, labels):
            feats, labels = feats * 2, labels.flatten()
            keep = labels != -100
            feats, labels = feats[keep], labels[keep]
            if feats.shape[0] == 0:
                return feats.sum() * 0.0
            return feats.mean() + labels.float().mean()

    class Masked(torch.nn.Module):
        def forward(self, feats, labels):
            keep = labels != -100
            feats = torch.where(keep[:, None], feats * 2, 0.0)
            if feats.shape[0] == 0:
                return feats.sum() * 0.0
            return feats.mean()

    args = (torch.randn(5, 4), torch.tensor([1, -100, 2, 3, -100]))
    torch._dynamo.reset()
    with pytest.raises(Exception, match="data-dependent"):
        torch.compile(Pool(), fullgraph=True, backend="eager")(*args)
    with pytest.raises(Exception, match="data-dependent"):
        torch.export.export(Pool(), args)
    torch._dynamo.reset()
    assert torch.allclose(
        torch.compile(Masked(), fullgraph=True, backend="eager")(*args), Masked()(*args)
    )
    torch.export.export(Masked(), args)


# --- TL102: a tensor as an argument the operator's schema types `int` --------------------------

INT_ARGUMENTS = """
import torch
import torch.fft as tfft
from torch import nn


def frequencies(counts: torch.Tensor, spacing: float):
    return tfft.rfftfreq(n=counts[2], d=spacing)


class Spectral(nn.Module):
    def __init__(self, win: int = 8):
        super().__init__()
        self.win = win

    def forward(self, x, lengths):
        longest = lengths.max()
        window = torch.hamming_window(longest, periodic=False)
        pairs = torch.triu_indices(x.shape[1], col=lengths[0])
        freqs = frequencies(lengths, 0.5)
        fixed = torch.hann_window(self.win) * torch.fft.fftfreq(x.shape[-1])[0]
        return window.sum() + pairs.sum() + freqs.sum() + fixed.sum()
"""


def test_tensors_as_int_typed_arguments_are_flagged_for_compile_and_export():
    assert _lines(INT_ARGUMENTS, "TL102", "export") == [7, 17, 18]
    found = _findings(INT_ARGUMENTS, "TL102", "compile")
    assert [d.line for d in found if "needs the value of" in d.message] == [7, 17, 18]


@requires_torch
def test_torch_refuses_a_tensor_as_an_int_argument_and_takes_a_size():
    import pytest
    import torch

    class FromData(torch.nn.Module):
        def forward(self, x, lengths):
            return torch.hamming_window(lengths.max(), periodic=False).sum() + x.sum()

    class FromShape(torch.nn.Module):
        def forward(self, x, lengths):
            return torch.fft.rfftfreq(x.shape[-1]).sum() + torch.hann_window(8).sum()

    args = (torch.randn(2, 6), torch.tensor([5, 3]))
    torch._dynamo.reset()
    with pytest.raises(Exception, match="Could not extract specialized integer"):
        torch.compile(FromData(), fullgraph=True, backend="eager")(*args)
    with pytest.raises(Exception, match="Could not extract specialized integer"):
        torch.export.export(FromData(), args)
    torch._dynamo.reset()
    model = FromShape()
    assert torch.allclose(
        torch.compile(model, fullgraph=True, backend="eager")(*args), model(*args)
    )
    torch.export.export(model, args)


# --- TL352: the list a string's split() returned, changed in place -----------------------------

SPLIT_LISTS_CHANGED = """
import torch
from torch import nn


def _terms(equation: str):
    terms = equation.rsplit("->", 1)[0].split(",")
    terms[0] = terms[0].replace("...", "z")
    return terms


class Mixer(nn.Module):
    def __init__(self, equation: str = "...i,...i->...", heads: str = "a\\nb\\nc"):
        super().__init__()
        self.equation = equation
        self.heads = heads

    def forward(self, x, y):
        names = self.heads.splitlines()[1:]
        names.sort()
        del names[0]
        tags = f"{self.equation}|x".split("|")
        tags[-1] += "y"
        return torch.einsum(self.equation, x, y) * len(_terms(self.equation)) * len(names)
"""


def test_split_lists_changed_in_place_are_flagged_for_compile():
    found = _findings(SPLIT_LISTS_CHANGED, "TL352", "compile")
    assert [d.line for d in found] == [7, 19, 20, 22]
    assert "missing_mp_ass_subscript" in found[0].message
    assert "Unsupported method call" in found[1].message
    assert _lines(SPLIT_LISTS_CHANGED, "TL352", "export") == []


SPLIT_LISTS_COPIED = """
import torch
from torch import nn


class Mixer(nn.Module):
    def __init__(self, equation: str = "...i,...i->...", heads: str = "a,b"):
        super().__init__()
        self.equation = equation
        names = heads.split(",")
        names.sort()
        self.names = names

    def forward(self, x, y, flag: bool = False):
        terms = list(self.equation.split("->")[0].split(","))
        terms[0] = terms[0].replace("...", "z")
        cleaned = [t.strip() for t in self.equation.split(",")]
        cleaned.append("z")
        names = self.equation.split(",") if flag else ["a", "b"]
        names[0] = "c"
        pieces = x.split(2)
        kept = list(pieces)
        kept[0] = kept[0] * 2
        parts = self.equation.split(",")
        parts += ["z"]
        return torch.einsum(self.equation, x, y) * len(terms) * len(cleaned) * len(parts)
"""


def test_copied_rebuilt_or_tensor_split_lists_are_not_flagged():
    assert _lines(SPLIT_LISTS_COPIED, "TL352", "compile") == []


@requires_torch
def test_torch_refuses_changing_a_split_list_and_takes_a_copy():
    import pytest
    import torch

    def changed(x):
        names = "a\nb\nc".splitlines()[1:]
        names.sort()
        return x * len(names)

    def item_set(x):
        terms = "ab,cd".rsplit(",")
        terms[0] = "z"
        return x * len(terms)

    def copied(x):
        terms = list("ab,cd".split(","))
        terms[0] = "z"
        terms.append("y")
        parts = "ab,cd".split(",")
        parts += ["z"]
        return x * (len(terms) + len(parts))

    x = torch.ones(2)
    for function, reason in ((changed, "Unsupported method call"), (item_set, "missing_mp_ass")):
        torch._dynamo.reset()
        with pytest.raises(torch._dynamo.exc.Unsupported, match=reason):
            torch.compile(function, fullgraph=True, backend="eager")(x)
    torch._dynamo.reset()
    assert torch.equal(torch.compile(copied, fullgraph=True, backend="eager")(x), copied(x))
