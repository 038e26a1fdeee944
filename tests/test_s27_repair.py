"""Session-27 repairs of helper-243 (issue #23; fixers/repair_session27.py), in spellings other
than the probes' (b63's degree buckets, b65's per-class temperatures, b70's quantile heads):
torch checks that the fixed text passes the back-ends the original failed, with eager outputs
unchanged, and that no back-end that passed now fails; ``fixed_text`` applies each fix twice
(the second changes nothing). Look-alikes are left alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

COMPILE = Settings(targets=("compile",), targets_explicit=True)
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


# -- a loop over the distinct values of a tensor, selecting by mask ------------------------------
# values that may be negative (a rounded score): the loop covers both ends of the ModuleList
BUCKETS = """\
import torch
from torch import nn


class Bucketed(nn.Module):
    def __init__(self, dim=5, n=3):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(n)])

    def forward(self, x):
        bucket = self.score(x).squeeze(-1).round().clamp(-3, 2).long()
        y = x.new_zeros(x.shape)
        # one expert per bucket present in the batch
        for b in set(bucket.tolist()):
            chosen = torch.eq(bucket, b)
            y = torch.where(chosen.unsqueeze(-1), self.experts[b](x).tanh(), y)
        return y


Model = Bucketed


def inputs():
    torch.manual_seed(3)
    return [(torch.randn(7, 5) * 3,), (torch.randn(4, 5) * 3,), (torch.randn(9, 5),)]
"""


def test_distinct_values_indexing_a_module_list_loop_over_both_ends_of_it():
    fixed = fixed_text(BUCKETS, ALL)
    old = "        for b in set(bucket.tolist()):\n"
    new = "        for b in range(-len(self.experts), len(self.experts)):\n"
    assert fixed == BUCKETS.replace(old, new)
    assert fixed_text(BUCKETS, ALL, unsafe=False) == BUCKETS  # unsafe only


@requires_torch
def test_module_list_buckets_compile_export_and_trace_with_eager_unchanged():
    import torch

    # the inputs reach negative buckets, which index the list from its end
    from .oracle import load_example

    module = load_example(BUCKETS)
    torch.manual_seed(0)  # as the oracle makes the model
    model = module.Model()
    values = set()
    for (x,) in module.inputs():
        values |= set(model.score(x).squeeze(-1).round().clamp(-3, 2).long().tolist())
    assert min(values) < 0 <= max(values)
    _assert_repaired(BUCKETS, fixed_text(BUCKETS, ALL), ("compile", "export"))


# indices of a max: never negative, so the indices of the table alone; 0-d tensors from
# .unique() and a mask spelled the other way round
CLASSES = """\
import torch
from torch import nn


class Calibrate(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        self.head = nn.Linear(6, n)
        self.register_buffer("bias", torch.linspace(-1.0, 1.0, n))

    def forward(self, feats):
        conf, cls = self.head(feats).max(dim=1)
        out = torch.zeros_like(conf)
        for k in cls.unique():
            sel = k == cls
            out = torch.where(sel, conf + self.bias[k], out)
        return out


Model = Calibrate


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(9, 6),), (torch.randn(2, 6),)]
"""


def test_indices_of_a_max_loop_over_the_table_rows():
    fixed = fixed_text(CLASSES, ALL)
    old = "        for k in cls.unique():\n"
    new = "        for k in range(self.bias.shape[0]):\n"
    assert fixed == CLASSES.replace(old, new)


@requires_torch
def test_class_table_compiles_exports_and_traces_with_eager_unchanged():
    _assert_repaired(CLASSES, fixed_text(CLASSES, ALL), ("compile", "export", "trace"))


def test_distinct_value_loops_that_do_more_than_select_are_left_alone():
    loop = "        for k in cls.unique():\n"
    cases = {
        # a count of the values present: an absent value would count too
        "counted": CLASSES.replace(
            "            out = torch.where(sel, conf + self.bias[k], out)\n",
            "            out = torch.where(sel, conf + self.bias[k], out)\n            n = n + 1\n",
        ).replace(
            "        out = torch.zeros_like(conf)\n",
            "        out = torch.zeros_like(conf)\n        n = 0\n",
        ),
        # the value in arithmetic, not as an index: no container bounds it
        "arithmetic": CLASSES.replace("conf + self.bias[k]", "conf + k"),
        # a mask of another tensor than the one iterated
        "other mask": CLASSES.replace("sel = k == cls", "sel = k == conf.long()"),
        # the mask read after the loop: it held the last value's
        "mask after": CLASSES.replace("        return out\n", "        return out * sel\n"),
        # a masked write into the accumulator instead of torch.where
        "masked write": CLASSES.replace(
            "out = torch.where(sel, conf + self.bias[k], out)", "out[sel] = conf[sel]"
        ),
        # two tables: the shorter one bounds the values
        "two tables": CLASSES.replace(
            "conf + self.bias[k]", "conf * self.gain[k] + self.bias[k]"
        ).replace(
            '        self.register_buffer("bias", torch.linspace(-1.0, 1.0, n))\n',
            '        self.register_buffer("bias", torch.linspace(-1.0, 1.0, n))\n'
            '        self.register_buffer("gain", torch.ones(n + 1))\n',
        ),
        # a step reading the accumulator: the order of the steps would matter
        "reads accumulator": CLASSES.replace("conf + self.bias[k]", "out.flip(0) + self.bias[k]"),
        # the value as one index among others
        "tuple index": CLASSES.replace("conf + self.bias[k]", "conf + self.head.weight[k, 0]"),
    }
    for name, source in cases.items():
        assert loop in source, name
        assert loop in fixed_text(source, COMPILE), name


def test_torch_unique_of_a_tensor_of_unknown_dtype_indexing_a_tensor_is_left_alone():
    # a bool or uint8 0-d tensor indexes a tensor as a mask: the int range would not
    unknown = CLASSES.replace(
        "    def forward(self, feats):\n        conf, cls = self.head(feats).max(dim=1)\n",
        "    def forward(self, feats, cls):\n        conf = self.head(feats).amax(dim=1)\n",
    ).replace("cls.unique()", "torch.unique(cls)")
    assert "        for k in torch.unique(cls):\n" in unknown
    assert "        for k in torch.unique(cls):\n" in fixed_text(unknown, COMPILE)
    # an int64 tensor of unknown sign: both ends of the table
    known = unknown.replace(
        "    def forward(self, feats, cls):\n",
        "    def forward(self, feats, labels):\n        cls = labels.long()\n",
    )
    assert "        for k in range(-self.bias.shape[0], self.bias.shape[0]):\n" in fixed_text(
        known, COMPILE
    )


def test_a_module_dict_is_not_indexed_by_position():
    source = BUCKETS.replace(
        "nn.ModuleList([nn.Linear(dim, dim) for _ in range(n)])",
        "nn.ModuleDict({str(i): nn.Linear(dim, dim) for i in range(n)})",
    )
    assert "        for b in set(bucket.tolist()):\n" in fixed_text(source, COMPILE)


def test_layers_not_built_alike_are_left_alone():
    # a step for a value absent from the data might not fit (another width, another kind)
    source = BUCKETS.replace(
        "nn.ModuleList([nn.Linear(dim, dim) for _ in range(n)])",
        "nn.ModuleList([nn.Linear(dim, dim, bias=i > 0) for i in range(n)])",
    )
    assert "        for b in set(bucket.tolist()):\n" in fixed_text(source, COMPILE)
    listed = BUCKETS.replace(
        "nn.ModuleList([nn.Linear(dim, dim) for _ in range(n)])",
        "nn.ModuleList([nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Identity()])",
    )
    assert "        for b in set(bucket.tolist()):\n" in fixed_text(listed, COMPILE)


def test_torch_unique_values_indexing_a_module_list_stay_tensors():
    # TL102's fix of `self.experts[b]` (every expert run, the stacked outputs indexed by the
    # 0-d tensor) applies in the same round: an int loop value would break it
    source = BUCKETS.replace("set(bucket.tolist())", "torch.unique(bucket)")
    assert "        for b in torch.unique(bucket):\n" in fixed_text(source, COMPILE)


# -- sorted() of the outputs of layers built alike ------------------------------------------------
HEADS = """\
import torch
from torch import nn


class Ranked(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        self.trunk = nn.Linear(3, 6)
        self.heads = nn.ModuleList(nn.Linear(6, 2) for _ in range(n))

    def forward(self, x):
        h = self.trunk(x).relu()
        outs = [head(h) for head in self.heads]
        ranked = sorted(outs, key=lambda o: float(o.amax()), reverse=True)
        return torch.stack(ranked[:2], 0)


Model = Ranked


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(5, 3),), (torch.randn(2, 3) * 4,)]
"""


def test_outputs_of_alike_layers_ranked_by_argsort():
    fixed = fixed_text(HEADS, ALL)
    assert (
        "        ranked = list(torch.stack(outs)[torch.stack([o.amax().reshape(()) for o in "
        "outs]).argsort(descending=True, stable=True)].unbind(0))\n"
    ) in fixed
    assert fixed_text(HEADS, ALL, unsafe=False) == HEADS  # unsafe only


@requires_torch
def test_ranked_heads_compile_export_and_trace_with_eager_unchanged():
    _assert_repaired(HEADS, fixed_text(HEADS, ALL), ("compile", "export", "trace"))


def test_outputs_of_layers_that_may_differ_in_shape_are_left_alone():
    kept = "        ranked = sorted(outs, key=lambda o: float(o"
    cases = {
        # the width depends on the item: outputs of different shapes
        "widths": HEADS.replace(
            "nn.ModuleList(nn.Linear(6, 2) for _ in range(n))",
            "nn.ModuleList(nn.Linear(6, i + 1) for i in range(n))",
        ),
        # the list grows with something else
        "appended": HEADS.replace(
            "        ranked = sorted(", "        outs.append(h)\n        ranked = sorted("
        ),
        # layers returning a tuple: nothing to stack
        "tuples": HEADS.replace("nn.Linear(6, 2) for _", "nn.GRU(6, 2) for _").replace(
            "float(o.amax())", "float(o[0].amax())"
        ),
        # each head gets its own input
        "own input": HEADS.replace(
            "[head(h) for head in self.heads]", "[head(h[i]) for i, head in enumerate(self.heads)]"
        ),
    }
    for name, source in cases.items():
        assert kept in source, name
        assert kept in fixed_text(source, COMPILE), name
