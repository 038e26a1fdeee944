"""The twenty-ninth session's script repairs (issue #23; fixers/repair_session29s.py), in
spellings other than the held-out probes': an Optional local refined by a ``while`` test, an
Optional property read through a local, ``!s`` in an f-string, ``%0Nd`` formatting, ``iter`` /
``next`` over a Sequential, ``nonzero(as_tuple=True)``, ``math.prod``, ``torch.finfo`` /
``torch.iinfo`` limits, anomaly detection and CPU offload contexts, a ``grad_fn`` test. Torch
checks that each fixed text scripts, scripted equals eager, eager is unchanged and no back-end
that passed now fails; each fix is applied twice (the second changes nothing) and look-alikes
stay as they are."""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

INPUTS = """

def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def _codes(source: str) -> list[str]:
    return [d.code for d in lint_text("example.py", source, SETTINGS).diagnostics]


WHILE_OPTIONAL = (
    """\
from typing import List, Optional

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.jump: List[int] = [1, 3, -1, 2]
        self.fc = nn.Linear(4, 4)

    def hop(self, k: int) -> Optional[int]:
        n = self.jump[k]
        return None if n < 0 else n

    def forward(self, x):
        node: Optional[int] = 0
        while node is not None:
            # scale by the visited node
            x = x * 2.0 if node > 1 else x + 1.0
            node = self.hop(node)
        return self.fc(x)
"""
    + INPUTS
)


def test_a_while_test_is_asserted_first_in_the_body():
    assert_rewritten(
        WHILE_OPTIONAL,
        [
            (
                "        while node is not None:\n",
                "        while node is not None:\n            assert node is not None\n",
            )
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_an_or_test_or_a_binding_before_the_use_is_left_alone():
    either = WHILE_OPTIONAL.replace(
        "while node is not None:", "while node is not None or x.sum() > 0:"
    )
    assert "assert node" not in fixed_text(either, SETTINGS)
    rebound = WHILE_OPTIONAL.replace(
        "            # scale by the visited node\n",
        "            node = self.hop(node)\n",
    )
    assert "assert node" not in fixed_text(rebound, SETTINGS)


OPTIONAL_PROPERTY = (
    """\
from typing import Optional

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, bias: bool = True):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self._shift: Optional[torch.Tensor] = None
        if bias:
            self._shift = torch.full((4,), 0.5)

    @property
    def shift(self) -> Optional[torch.Tensor]:
        return self._shift

    def forward(self, x):
        y = self.fc(x)
        if self.shift is not None:
            y = y + self.shift
        return y
"""
    + INPUTS
)


def test_an_optional_property_is_read_into_a_local():
    assert_rewritten(
        OPTIONAL_PROPERTY,
        [
            (
                "        if self.shift is not None:\n            y = y + self.shift\n",
                "        shift = self.shift\n        if shift is not None:\n            y = y + shift\n",
            )
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_property_that_computes_is_left_alone():
    computing = OPTIONAL_PROPERTY.replace(
        "        return self._shift\n",
        "        return self._pick()\n\n    def _pick(self):\n        return self._shift\n",
    )
    assert "if self.shift is not None:" in fixed_text(computing, SETTINGS)


STR_CONVERSION = (
    """\
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, prefix: str = "head"):
        super().__init__()
        self.prefix = prefix
        self.fc = nn.Linear(4, 2)

    def forward(self, x) -> Dict[str, torch.Tensor]:
        return {f"{self.prefix!s}/out": self.fc(x)}
"""
    + INPUTS
)


def test_a_str_conversion_becomes_a_str_call():
    assert_rewritten(
        STR_CONVERSION,
        [("{self.prefix!s}/out", "{str(self.prefix)}/out")],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_repr_conversion_is_left_alone():
    source = STR_CONVERSION.replace("!s}", "!r}")
    assert fixed_text(source, SETTINGS) == source


PERCENT_PAD = (
    """\
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

    def forward(self, x) -> Dict[str, torch.Tensor]:
        out: Dict[str, torch.Tensor] = {}
        for k in range(2):
            for i, stage in enumerate(self.stages):
                x = stage(x)
                out["s%d_block%03d (100%%)" % (k, i)] = x
        return out
"""
    + INPUTS
)


def test_a_padded_percent_format_becomes_a_concatenation():
    assert_rewritten(
        PERCENT_PAD,
        [
            (
                '"s%d_block%03d (100%%)" % (k, i)',
                '"s" + str(k) + "_block" + str(i).zfill(3) + " (100%)"',
            )
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_value_not_surely_an_int_or_a_precision_is_left_alone():
    attribute = PERCENT_PAD.replace("% (k, i)", "% (k, self.offset)").replace(
        "        super().__init__()\n", "        super().__init__()\n        self.offset = 2\n"
    )
    assert "% (k, self.offset)" in fixed_text(attribute, SETTINGS)
    precision = PERCENT_PAD.replace("block%03d", "block%03.1f")
    assert "block%03.1f" in fixed_text(precision, SETTINGS)


ITER_NEXT = (
    """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4), nn.ReLU())

    def forward(self, x):
        it = iter(self.layers)
        first = next(it)
        act = next(it)
        h = act(first(x))
        for layer in it:
            h = layer(h) + h
        return h
"""
    + INPUTS
)


def test_iter_and_next_become_indexes_and_a_skipping_loop():
    assert_rewritten(
        ITER_NEXT,
        [
            (
                "        it = iter(self.layers)\n        first = next(it)\n        act = next(it)\n",
                "        first = self.layers[0]\n        act = self.layers[1]\n",
            ),
            (
                "        for layer in it:\n            h = layer(h) + h\n",
                "        for index, layer in enumerate(self.layers):\n"
                "            if index >= 2:\n"
                "                h = layer(h) + h\n",
            ),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_an_iterator_used_after_the_loop_or_over_a_dict_is_left_alone():
    after = ITER_NEXT.replace(
        "        return h\n", "        for rest in it:\n            h = rest(h)\n        return h\n"
    )
    assert "iter(self.layers)" in fixed_text(after, SETTINGS)
    keyed = ITER_NEXT.replace(
        "nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4), nn.ReLU())",
        "nn.ModuleDict({'a': nn.Linear(4, 4), 'b': nn.Tanh(), 'c': nn.ReLU()})",
    )
    assert "iter(self.layers)" in fixed_text(keyed, SETTINGS)


NONZERO_TUPLE = (
    """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fill = nn.Parameter(torch.full((4,), 0.25))

    def forward(self, x):
        x = x.clone()
        r, c = (x > 0.5).nonzero(as_tuple=True)
        x[r, c] = self.fill[c]
        (rows,) = torch.nonzero(x.sum(-1) > 0, as_tuple=True)
        return x[rows]
"""
    + INPUTS
)


def test_nonzero_as_tuple_becomes_where():
    assert_rewritten(
        NONZERO_TUPLE,
        [
            ("(x > 0.5).nonzero(as_tuple=True)", "torch.where(x > 0.5)"),
            ("torch.nonzero(x.sum(-1) > 0, as_tuple=True)", "torch.where(x.sum(-1) > 0)"),
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_computed_as_tuple_is_left_alone():
    source = NONZERO_TUPLE.replace(
        "(x > 0.5).nonzero(as_tuple=True)", "(x > 0.5).nonzero(as_tuple=bool(1))"
    )
    assert "nonzero(as_tuple=bool(1))" in fixed_text(source, SETTINGS)


MATH_PROD = (
    """\
import math

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        n = math.prod(x.shape[1:])
        return self.fc(x.reshape(x.shape[0], n))
"""
    + INPUTS
)


def test_math_prod_becomes_a_function_of_the_file():
    assert_rewritten(
        MATH_PROD,
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import List\n"),
            (
                "\n\nclass Model(nn.Module):",
                "\n\ndef _prod(values: List[int]) -> int:\n"
                "    product = 1\n"
                "    for value in values:\n"
                "        product = product * value\n"
                "    return product\n"
                "\n\nclass Model(nn.Module):",
            ),
            ("math.prod(x.shape[1:])", "_prod(x.shape[1:])"),
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_math_prod_with_a_start_is_left_alone():
    source = MATH_PROD.replace("math.prod(x.shape[1:])", "math.prod(x.shape[1:], start=1)")
    assert "math.prod(x.shape[1:], start=1)" in fixed_text(source, SETTINGS)


FINFO = (
    """\
import torch
from torch import nn


def stable_log(p: torch.Tensor) -> torch.Tensor:
    return p.clamp(min=torch.finfo(p.dtype).tiny).log()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = stable_log(self.fc(x).softmax(-1))
        return y.clamp(max=torch.finfo(y.dtype).max / 2)
"""
    + INPUTS
)


def test_finfo_limits_are_read_by_ignored_functions():
    tiny = (
        "@torch.jit.ignore\ndef _finfo_tiny(t: torch.Tensor) -> float:\n"
        "    return torch.finfo(t.dtype).tiny\n\n\n"
    )
    biggest = (
        "@torch.jit.ignore\ndef _finfo_max(t: torch.Tensor) -> float:\n"
        "    return torch.finfo(t.dtype).max\n\n\n"
    )
    assert_rewritten(
        FINFO,
        [
            ("def stable_log(", tiny + "def stable_log("),
            ("torch.finfo(p.dtype).tiny", "_finfo_tiny(p)"),
            ("class Model(", biggest + "class Model("),
            ("torch.finfo(y.dtype).max", "_finfo_max(y)"),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_finfo_of_a_literal_dtype_is_left_alone():
    source = FINFO.replace("torch.finfo(p.dtype).tiny", "torch.finfo(torch.float32).tiny")
    assert "torch.finfo(torch.float32).tiny" in fixed_text(source, SETTINGS)


ANOMALY = (
    """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        # checked only while debugging
        with torch.autograd.detect_anomaly(check_nan=False):
            y = self.fc(x)
        with torch.autograd.graph.save_on_cpu():
            y = y.tanh() * 2
        return y
"""
    + INPUTS
)


def test_autograd_contexts_are_entered_only_outside_torchscript():
    assert_rewritten(
        ANOMALY,
        [
            (
                "        # checked only while debugging\n"
                "        with torch.autograd.detect_anomaly(check_nan=False):\n"
                "            y = self.fc(x)\n",
                "        # checked only while debugging\n"
                "        if torch.jit.is_scripting():\n"
                "            y = self.fc(x)\n"
                "        else:\n"
                "            with torch.autograd.detect_anomaly(check_nan=False):\n"
                "                y = self.fc(x)\n",
            ),
            (
                "        with torch.autograd.graph.save_on_cpu():\n            y = y.tanh() * 2\n",
                "        if torch.jit.is_scripting():\n"
                "            y = y.tanh() * 2\n"
                "        else:\n"
                "            with torch.autograd.graph.save_on_cpu():\n"
                "                y = y.tanh() * 2\n",
            ),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_context_that_changes_values_is_left_alone():
    source = ANOMALY.replace("torch.autograd.graph.save_on_cpu()", "torch.device(x.device)")
    assert "        with torch.device(x.device):\n            y = y" in fixed_text(source, SETTINGS)


GRAD_FN = (
    """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        target = x.detach() if x.grad_fn is not None else x
        fresh = y.grad_fn is None
        return (y - target).pow(2) + float(fresh)
"""
    + INPUTS
)


def test_grad_fn_tests_become_is_leaf():
    assert_rewritten(
        GRAD_FN,
        [
            ("if x.grad_fn is not None else", "if not x.is_leaf else"),
            ("fresh = y.grad_fn is None", "fresh = y.is_leaf"),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_another_grad_fn_use_is_left_alone():
    source = GRAD_FN.replace("x.grad_fn is not None", "x.grad_fn.name() != ''")
    assert "x.grad_fn.name()" in fixed_text(source, SETTINGS)


DEVICE_QUERY = (
    """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        if x.is_cuda and torch.cuda.get_device_capability(x.device)[0] >= 8:
            x = x.half().float()
        return self.fc(x)
"""
    + INPUTS
)


def test_a_device_query_is_made_by_an_ignored_function():
    helper = (
        "@torch.jit.ignore\n"
        "def _cuda_get_device_capability(device: torch.device) -> Tuple[int, int]:\n"
        "    return torch.cuda.get_device_capability(device)\n\n\n"
    )
    assert_rewritten(
        DEVICE_QUERY,
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import Tuple\n"),
            ("class Model(", helper + "class Model("),
            ("torch.cuda.get_device_capability(x.device)", "_cuda_get_device_capability(x.device)"),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_device_query_by_index_is_left_alone():
    source = DEVICE_QUERY.replace("get_device_capability(x.device)", "get_device_capability(0)")
    assert "torch.cuda.get_device_capability(0)" in fixed_text(source, SETTINGS)


INIT_CONSTANT = (
    """\
import zlib

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, name: str = "clicks", size: int = 7):
        super().__init__()
        self.name = name
        self.size = size
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        shift = zlib.adler32(self.name.encode("utf-8")) % self.size
        return self.fc(x).roll(shift, dims=-1)
"""
    + INPUTS
)


def test_a_value_of_settings_is_computed_once_in_init():
    assert_rewritten(
        INIT_CONSTANT,
        [
            (
                "        self.size = size\n",
                "        self.size = size\n"
                '        self._name_adler32 = zlib.adler32(self.name.encode("utf-8")) % self.size\n',
            ),
            (
                'shift = zlib.adler32(self.name.encode("utf-8")) % self.size',
                "shift = self._name_adler32",
            ),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_setting_rebound_outside_init_is_left_alone():
    source = INIT_CONSTANT.replace(
        "\n\ndef inputs():",
        "\n    def rename(self, name: str):\n        self.name = name\n\n\ndef inputs():",
    )
    assert 'zlib.adler32(self.name.encode("utf-8")) % self.size' in fixed_text(source, SETTINGS)


OPTIONAL_ITEM = (
    """\
from typing import Optional, Tuple

import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x) -> Tuple[torch.Tensor, Optional[torch.Tensor]]:
        y = self.fc(x)
        return y, (y.relu() if bool(y.sum() > -100.0) else None)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        res = self.inner(x)
        if res[1] is not None and x.size(0) > 1:
            return res[0] * res[1].sigmoid()
        return res[0]
"""
    + INPUTS
)


def test_an_optional_item_is_read_into_a_local():
    assert_rewritten(
        OPTIONAL_ITEM,
        [
            (
                "        if res[1] is not None and x.size(0) > 1:\n"
                "            return res[0] * res[1].sigmoid()\n",
                "        res_1 = res[1]\n"
                "        if res_1 is not None and x.size(0) > 1:\n"
                "            return res[0] * res_1.sigmoid()\n",
            )
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_an_item_of_a_rebound_name_is_left_alone():
    source = OPTIONAL_ITEM.replace(
        "        res = self.inner(x)\n",
        "        res = self.inner(x)\n        if x.size(0) > 2:\n            res = self.inner(x + 1)\n",
    )
    assert "if res[1] is not None" in fixed_text(source, SETTINGS)


SUBCLASS = (
    """\
import torch
from torch import nn


class Window:
    \"\"\"A window of frames.\"\"\"

    def __init__(self, length: int, hop: int):
        self.length = length
        self.hop = hop

    def frames(self, n: int) -> int:
        return (n - self.length) // self.hop + 1

    def overlap(self) -> float:
        return 1.0 - self.hop / self.length


class ScaledWindow(Window):
    def __init__(self, length: int, hop: int, gain: float):
        super().__init__(length, hop)
        self.gain = gain

    def overlap(self) -> float:
        return self.gain * (1.0 - self.hop / self.length)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        w = ScaledWindow(2, 1, 0.5)
        return self.fc(x) * w.overlap() + w.frames(x.size(1))
"""
    + INPUTS
)


def test_a_subclass_built_in_scripted_code_gets_its_base_inlined():
    assert_rewritten(
        SUBCLASS,
        [
            (
                "class ScaledWindow(Window):\n"
                "    def __init__(self, length: int, hop: int, gain: float):\n"
                "        super().__init__(length, hop)\n",
                "class ScaledWindow:\n"
                "    def __init__(self, length: int, hop: int, gain: float):\n"
                "        self.length = length\n"
                "        self.hop = hop\n",
            ),
            (
                "        return self.gain * (1.0 - self.hop / self.length)\n",
                "        return self.gain * (1.0 - self.hop / self.length)\n\n"
                "    def frames(self, n: int) -> int:\n"
                "        return (n - self.length) // self.hop + 1\n",
            ),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_subclass_passing_other_values_to_its_base_is_left_alone():
    source = SUBCLASS.replace("super().__init__(length, hop)", "super().__init__(length * 2, hop)")
    assert "class ScaledWindow(Window):" in fixed_text(source, SETTINGS)


DEVICE_CONTEXT = (
    """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        n = x.size(-1)
        with torch.device(x.device):
            ramp = torch.arange(n).float() / n
            bias = torch.full((1, n), 0.5, dtype=x.dtype)
        return self.fc(x + ramp) * bias
"""
    + INPUTS
)


def test_a_device_context_becomes_device_arguments():
    assert_rewritten(
        DEVICE_CONTEXT,
        [
            (
                "        with torch.device(x.device):\n"
                "            ramp = torch.arange(n).float() / n\n"
                "            bias = torch.full((1, n), 0.5, dtype=x.dtype)\n",
                "        ramp = torch.arange(n, device=x.device).float() / n\n"
                "        bias = torch.full((1, n), 0.5, dtype=x.dtype, device=x.device)\n",
            )
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_device_context_around_a_module_call_is_left_alone():
    source = DEVICE_CONTEXT.replace(
        "            ramp = torch.arange(n).float() / n\n",
        "            ramp = torch.arange(n).float() / n + self.fc(x)\n",
    )
    assert "with torch.device(x.device):" in fixed_text(source, SETTINGS)


EMPTY_LISTS = (
    """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        buckets = [[] for _ in range(3)]
        for i in range(x.size(0)):
            buckets[i % 3].append(i)
        sizes = torch.tensor([len(b) for b in buckets], dtype=torch.float32)
        return self.fc(x) + sizes.sum()
"""
    + INPUTS
)


def test_empty_lists_of_ints_are_annotated():
    assert_rewritten(
        EMPTY_LISTS,
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import List\n"),
            (
                "buckets = [[] for _ in range(3)]",
                "buckets = [torch.jit.annotate(List[int], []) for _ in range(3)]",
            ),
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_empty_lists_of_floats_are_left_alone():
    source = EMPTY_LISTS.replace(".append(i)", ".append(0.5 * i)")
    assert "buckets = [[] for _ in range(3)]" in fixed_text(source, SETTINGS)


LOG_PROB = (
    """\
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mu = nn.Linear(4, 4)
        self.spread = nn.Linear(4, 4)

    def forward(self, x):
        b = F.softplus(self.spread(x)) + 1e-3
        lap = torch.distributions.Laplace(self.mu(x), scale=b).log_prob(x)
        return lap + torch.distributions.Normal(x.mean(0), b).log_prob(x)
"""
    + INPUTS
)


def test_log_prob_of_a_distribution_becomes_its_formula():
    fixed = fixed_text(LOG_PROB, SETTINGS, unsafe=True)
    assert "lap = _laplace_log_prob(self.mu(x), b, x)\n" in fixed
    assert "return lap + _normal_log_prob(x.mean(0), b, x)\n" in fixed
    assert "    return -torch.log(2 * scale) - torch.abs(value - loc) / scale\n" in fixed
    assert fixed_text(LOG_PROB, SETTINGS, unsafe=False) == LOG_PROB


def test_a_validated_distribution_or_another_method_is_left_alone():
    source = LOG_PROB.replace("scale=b).log_prob(x)", "scale=b, validate_args=True).log_prob(x)")
    assert "validate_args=True).log_prob(x)" in fixed_text(source, SETTINGS)
    sampled = LOG_PROB.replace("Normal(x.mean(0), b).log_prob(x)", "Normal(x.mean(0), b).rsample()")
    assert "Normal(x.mean(0), b).rsample()" in fixed_text(sampled, SETTINGS)


@requires_torch
@pytest.mark.parametrize(
    "source",
    [
        WHILE_OPTIONAL,
        OPTIONAL_PROPERTY,
        STR_CONVERSION,
        PERCENT_PAD,
        ITER_NEXT,
        NONZERO_TUPLE,
        MATH_PROD,
        FINFO,
        ANOMALY,
        GRAD_FN,
        DEVICE_QUERY,
        INIT_CONSTANT,
        OPTIONAL_ITEM,
        SUBCLASS,
        DEVICE_CONTEXT,
        EMPTY_LISTS,
        LOG_PROB,
    ],
    ids=[
        "while",
        "property",
        "str",
        "percent",
        "iter",
        "nonzero",
        "prod",
        "finfo",
        "anomaly",
        "grad_fn",
        "device_query",
        "init_constant",
        "optional_item",
        "subclass",
        "device_context",
        "empty_lists",
        "log_prob",
    ],
)
def test_torch_scripts_the_repairs_with_eager_unchanged(source):
    assert_script_repaired(source, fixed_text(source, SETTINGS, unsafe=True))
