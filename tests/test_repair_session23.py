"""Session-23 repairs (issue #23; fixers/repair_session23.py), in spellings other than the
blind probes' (b66, heldout33): a module-level function annotated to return a NamedTuple, a
tuple ``__constants__`` and a ``Final[Dict[...]]``, ``endswith`` of a literal tuple and of a
tuple display kept on the module, ``Base.forward(self, ...)`` with a keyword, a mask cache
filled by a helper and sliced in forward, a guarded cache read by ``.shape``, a ``tolist()``
looped over directly, a ``ModuleDict`` key given by an unannotated default, and a
``ModuleDict`` returned from with two arguments. Torch checks that the fixed text passes the
back-end the original failed, with eager outputs unchanged, and that no back-end that passed
now fails; ``fixed_text`` applies each fix twice (the second changes nothing). Each fixer has
a look-alike it leaves alone."""

from __future__ import annotations

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SCRIPT = Settings(targets=("script",), targets_explicit=True)


def _codes(text: str) -> set[str]:
    return {d.code for d in lint_text("example.py", text, SCRIPT).diagnostics}


# -- TL209: `_replace` of a NamedTuple a function is annotated to return -----------------------
REPLACE = """\
from typing import NamedTuple

import torch
from torch import nn


class Out(NamedTuple):
    logits: torch.Tensor
    score: torch.Tensor
    hidden: torch.Tensor


def head(h: torch.Tensor) -> Out:
    return Out(h * 2.0, h.sum(-1), h)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x: torch.Tensor) -> Out:
        out = head(self.fc(x))
        # calibrated score
        return out._replace(score=out.score.sigmoid())  # keep the rest


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_replace_of_annotated_return_calls_the_class_keeping_comments():
    assert_rewritten(
        REPLACE,
        [
            (
                "out._replace(score=out.score.sigmoid())  # keep",
                "Out(out.logits, out.score.sigmoid(), out.hidden)  # keep",
            )
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_replace_of_an_unannotated_helper_is_left_alone():
    source = REPLACE.replace("def head(h: torch.Tensor) -> Out:", "def head(h: torch.Tensor):")
    assert "out._replace(" in fixed_text(source, SCRIPT)


@requires_torch
def test_replace_of_annotated_return_scripts_with_eager_unchanged():
    assert_script_repaired(REPLACE, fixed_text(REPLACE, SCRIPT))


# -- TL212: a dict constant ------------------------------------------------------------------
CONSTANTS = """\
from typing import Dict

import torch
from torch import nn


class Strided(nn.Module):
    __constants__ = ("scale", "table")  # folded by TorchScript

    def __init__(self, scale: float = 0.5):
        super().__init__()
        self.scale = scale
        self.table = {"a": 2, "b": 3}

    def forward(self, x):
        return x * self.table["b"] * self.scale


Model = Strided


def inputs():
    return [(torch.randn(3),), (torch.randn(5),)]
"""


def test_dict_is_dropped_from_a_tuple_of_constants_keeping_the_comment():
    assert_rewritten(
        CONSTANTS,
        [('("scale", "table")  # folded', '("scale",)  # folded')],
        unsafe=False,
        settings=SCRIPT,
    )


def test_final_dict_annotation_loses_final():
    source = CONSTANTS.replace(
        '    __constants__ = ("scale", "table")  # folded by TorchScript\n',
        "    table: Final[Dict[str, int]]\n",
    ).replace("from typing import Dict", "from typing import Dict, Final")
    fixed = fixed_text(source, SCRIPT, unsafe=False)
    assert "    table: Dict[str, int]\n" in fixed


def test_set_constant_is_left_alone():
    source = CONSTANTS.replace('self.table = {"a": 2, "b": 3}', "self.table = {2, 3}").replace(
        'self.table["b"]', "len(self.table)"
    )
    assert "TL212" in _codes(source)
    assert '("scale", "table")' in fixed_text(source, SCRIPT)


@requires_torch
def test_dropped_dict_constant_scripts_with_eager_unchanged():
    assert_script_repaired(CONSTANTS, fixed_text(CONSTANTS, SCRIPT, unsafe=False))


# -- TL209: endswith of a tuple ----------------------------------------------------------------
SUFFIXES = """\
import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleDict({"in_proj": nn.Linear(3, 3), "out_gate": nn.Linear(3, 3)})

    def forward(self, x):
        for key, block in self.blocks.items():
            y = block(x)
            if key.endswith(("_gate", "_mask")):  # gates squash
                y = torch.sigmoid(y)
            x = x + y
        return x


Model = Gate


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_endswith_of_a_literal_tuple_becomes_an_or_chain():
    # fixers/script_spellings.py's fix (bare as an `if` test).
    assert_rewritten(
        SUFFIXES,
        [
            (
                'key.endswith(("_gate", "_mask")):  # gates',
                'key.endswith("_gate") or key.endswith("_mask"):  # gates',
            )
        ],
        unsafe=False,
        settings=SCRIPT,
    )


@requires_torch
def test_endswith_or_chain_scripts_with_eager_unchanged():
    assert_script_repaired(SUFFIXES, fixed_text(SUFFIXES, SCRIPT, unsafe=False))


SUFFIX_ATTRIBUTE = SUFFIXES.replace(
    "        self.blocks = nn.ModuleDict(",
    '        self.squashed = ("_gate", "_mask")\n        self.blocks = nn.ModuleDict(',
).replace('key.endswith(("_gate", "_mask"))', "key.endswith(self.squashed)")


def test_endswith_of_a_tuple_attribute_becomes_any_of_a_comprehension():
    assert_rewritten(
        SUFFIX_ATTRIBUTE,
        [
            (
                "key.endswith(self.squashed)",
                "any([key.endswith(prefix) for prefix in self.squashed])",
            )
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_endswith_of_an_attribute_rebound_in_forward_is_left_alone():
    source = SUFFIX_ATTRIBUTE.replace(
        "        for key, block", '        self.squashed = ("_x",)\n        for key, block'
    )
    assert "key.endswith(self.squashed)" in fixed_text(source, SCRIPT)


@requires_torch
def test_endswith_any_scripts_with_eager_unchanged():
    assert_script_repaired(SUFFIX_ATTRIBUTE, fixed_text(SUFFIX_ATTRIBUTE, SCRIPT))


# -- TL209: Base.method(self, ...) -------------------------------------------------------------
CLASS_METHOD = """\
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, gain: float = 1.0):
        return torch.relu(self.fc(x)) * gain


class Residual(Block):
    def forward(self, x, gain: float = 1.0):
        # the block's output, added back
        return x + Block.forward(self, x, gain=gain)


Model = Residual


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_method_read_from_the_class_becomes_a_copy_on_self():
    fixed = fixed_text(CLASS_METHOD, SCRIPT)
    assert "        # the block's output, added back\n" in fixed
    assert "return x + self._block_forward(x, gain=gain)" in fixed
    assert "    # Block.forward, for TorchScript\n    def _block_forward(self, x, gain" in fixed
    assert fixed_text(CLASS_METHOD, SCRIPT, unsafe=False) == CLASS_METHOD


def test_method_of_a_class_of_another_file_is_left_alone():
    source = CLASS_METHOD.replace("Block.forward(self, x, gain=gain)", "nn.Linear.forward(self, x)")
    assert "nn.Linear.forward(self, x)" in fixed_text(source, SCRIPT)


@requires_torch
def test_method_copy_scripts_with_eager_unchanged():
    assert_script_repaired(CLASS_METHOD, fixed_text(CLASS_METHOD, SCRIPT))


# -- TL213: a lazy mask cache ------------------------------------------------------------------
MASK_CACHE = """\
import torch
from torch import nn


class Causal(nn.Module):
    \"\"\"Causal scores; the mask grows with the longest input seen.\"\"\"

    def __init__(self):
        super().__init__()
        self.size = 0
        self.mask = None

    def _grow(self, n: int):
        self.mask = torch.ones(n, n, dtype=torch.bool).triu(1)
        self.size = n

    def forward(self, x):
        n = x.size(-1)
        if n > self.size:
            self._grow(n)
        return x.masked_fill(self.mask[:n, :n], 0.0)  # upper half off


Model = Causal


def inputs():
    return [(torch.randn(2, 3, 3),), (torch.randn(2, 5, 5),), (torch.randn(1, 4, 4),)]
"""


def test_none_cache_is_annotated_safely_and_read_through_an_asserted_local():
    safe = fixed_text(MASK_CACHE, SCRIPT, unsafe=False)
    assert '    """Causal scores; the mask grows with the longest input seen."""\n\n' in safe
    assert "    mask: Optional[torch.Tensor]\n" in safe
    assert "from typing import Optional" in safe
    fixed = fixed_text(MASK_CACHE, SCRIPT)
    assert (
        "        mask = self.mask\n"
        "        assert mask is not None\n"
        "        return x.masked_fill(mask[:n, :n], 0.0)  # upper half off\n"
    ) in fixed


def test_cache_also_holding_a_list_is_left_alone():
    source = MASK_CACHE.replace(
        "        self.size = n\n", "        self.size = n\n        self.mask = [n]\n"
    )
    assert "mask: Optional" not in fixed_text(source, SCRIPT)


@requires_torch
def test_annotated_cache_scripts_with_eager_unchanged():
    assert_script_repaired(MASK_CACHE, fixed_text(MASK_CACHE, SCRIPT))


GUARDED_CACHE = """\
from typing import Optional

import torch
from torch import nn


class Memo(nn.Module):
    table: Optional[torch.Tensor]

    def __init__(self):
        super().__init__()
        self.table = None

    def forward(self, x):
        n = x.shape[0]
        if self.table is not None and self.table.shape[0] == n:
            return x * self.table
        self.table = torch.linspace(0.0, 1.0, n)
        return x * self.table.flip(0)


Model = Memo


def inputs():
    return [(torch.randn(3),), (torch.randn(3),), (torch.randn(4),)]
"""


def test_guarded_read_of_an_attribute_stored_in_forward_uses_a_local():
    fixed = fixed_text(GUARDED_CACHE, SCRIPT)
    assert (
        "        table = self.table\n"
        "        if table is not None and table.shape[0] == n:\n"
        "            return x * table\n"
        "        self.table = torch.linspace(0.0, 1.0, n)\n"
    ) in fixed
    assert fixed_text(GUARDED_CACHE, SCRIPT, unsafe=False).count("table = self.table") == 0


@requires_torch
def test_guarded_local_scripts_with_eager_unchanged():
    assert_script_repaired(GUARDED_CACHE, fixed_text(GUARDED_CACHE, SCRIPT))


# -- TL205: tolist used as ints ----------------------------------------------------------------
TOLIST = """\
from typing import List

import torch
from torch import nn


class Split(nn.Module):
    def forward(self, x, counts):
        sizes = counts.tolist()  # host copy
        parts: List[torch.Tensor] = []
        start = 0
        for size in sizes:
            parts.append(x[start : start + size].sum(0))
            start = start + size
        return torch.stack(parts)


Model = Split


def inputs():
    return [
        (torch.randn(6, 2), torch.tensor([1, 2, 3])),
        (torch.randn(5, 2), torch.tensor([4, 1])),
    ]
"""


def test_tolist_whose_items_bound_a_slice_is_annotated_list_of_int():
    assert_rewritten(
        TOLIST,
        [("sizes = counts.tolist()  # host", "sizes: List[int] = counts.tolist()  # host")],
        unsafe=False,
        settings=SCRIPT,
    )


def test_tolist_whose_items_are_only_added_is_left_alone():
    source = TOLIST.replace("x[start : start + size].sum(0)", "x.sum(0) * size")
    assert "sizes = counts.tolist()" in fixed_text(source, SCRIPT)


@requires_torch
def test_tolist_annotation_scripts_with_eager_unchanged():
    assert_script_repaired(TOLIST, fixed_text(TOLIST, SCRIPT, unsafe=False))


# -- TL208: a ModuleDict keyed by an attribute / a name ---------------------------------------
KEYED = """\
import torch
from torch import nn


class Router(nn.Module):
    def __init__(self, mode="fast"):
        super().__init__()
        self.paths = nn.ModuleDict({"fast": nn.Linear(3, 3), "slow": nn.Linear(3, 3)})
        self.mode = mode

    def forward(self, x):
        return self.paths[self.mode](x)


Model = Router


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
"""


def test_str_key_attribute_becomes_final():
    fixed = fixed_text(KEYED, SCRIPT)
    assert "class Router(nn.Module):\n    mode: Final[str]\n\n    def __init__" in fixed
    assert "from typing import Final" in fixed


def test_key_attribute_rebound_in_forward_is_left_alone():
    source = KEYED.replace(
        "        return self.paths", '        self.mode = "slow"\n        return self.paths'
    )
    assert "Final" not in fixed_text(source, SCRIPT)


@requires_torch
def test_final_str_key_scripts_with_eager_unchanged():
    assert_script_repaired(KEYED, fixed_text(KEYED, SCRIPT))


NAMED = """\
import torch
from torch import nn


class Adapters(nn.Module):
    def __init__(self):
        super().__init__()
        self.by_lang = nn.ModuleDict({"en": nn.Bilinear(3, 3, 2), "de": nn.Bilinear(3, 3, 2)})

    def forward(self, x, y, lang: str = "en"):
        # one adapter per language
        return self.by_lang[lang](x, y)


Model = Adapters


def inputs():
    return [(torch.randn(2, 3), torch.randn(2, 3), "en"), (torch.randn(4, 3), torch.randn(4, 3), "de")]
"""


def test_returned_module_dict_entry_becomes_a_loop_over_items():
    assert_rewritten(
        NAMED,
        [
            (
                "        return self.by_lang[lang](x, y)\n",
                "        for name, module in self.by_lang.items():\n"
                "            if name == lang:\n"
                "                return module(x, y)\n"
                "        raise KeyError(lang)\n",
            )
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_assigned_module_dict_entry_is_left_alone():
    source = NAMED.replace(
        "        return self.by_lang[lang](x, y)",
        "        out = self.by_lang[lang](x, y)\n        return out",
    )
    assert "self.by_lang[lang](x, y)" in fixed_text(source, SCRIPT)


@requires_torch
def test_module_dict_loop_scripts_with_eager_unchanged():
    assert_script_repaired(NAMED, fixed_text(NAMED, SCRIPT))


@requires_torch
def test_module_dict_loop_raises_key_error_as_eager():
    import pytest

    from .oracle import load_example

    fixed = load_example(fixed_text(NAMED, SCRIPT)).Model()
    x = __import__("torch").randn(2, 3)
    with pytest.raises(KeyError):
        fixed(x, x, "fr")


# -- TL235: a local bound to None, then to a tensor in a loop ---------------------------------
NONE_THEN_TENSOR = """\
import torch
from torch import nn


class Stepper(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.RNNCell(3, 4)

    def forward(self, x):
        state = None  # no state before the first step
        for t in range(x.size(1)):
            state = self.cell(x[:, t], state)
        return state * 0.5


Model = Stepper


def inputs():
    return [(torch.randn(2, 3, 3),), (torch.randn(1, 5, 3),)]
"""


def test_none_then_tensor_local_is_annotated_and_asserted_before_its_tensor_use():
    assert_rewritten(
        NONE_THEN_TENSOR,
        [
            (
                "        state = None  # no state",
                "        state: Optional[torch.Tensor] = None  # no state",
            ),
            (
                "        return state * 0.5\n",
                "        assert state is not None\n        return state * 0.5\n",
            ),
            ("from torch import nn\n", "from torch import nn\nfrom typing import Optional\n"),
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_none_then_tensor_local_returned_as_it_is_is_left_alone():
    source = NONE_THEN_TENSOR.replace("return state * 0.5", "return state")
    assert "TL235" in _codes(source)
    assert "state = None  # no state" in fixed_text(source, SCRIPT)


@requires_torch
def test_none_then_tensor_local_scripts_with_eager_unchanged():
    assert_script_repaired(NONE_THEN_TENSOR, fixed_text(NONE_THEN_TENSOR, SCRIPT))


# -- TL212: an empty dict keyed by an int parameter, holding pairs of tensors -----------------
PAIR_CACHE = """\
import torch
from torch import nn


class Basis(nn.Module):
    def __init__(self):
        super().__init__()
        self.cache = {}  # per length

    def pair(self, n: int):
        if n not in self.cache:
            grid = torch.linspace(0.0, 3.0, n)
            self.cache[n] = (grid.cos(), grid.sin())
        return self.cache[n]

    def forward(self, x):
        c, s = self.pair(x.shape[-1])
        return x * c + s


Model = Basis


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 6),), (torch.randn(1, 4),)]
"""


def test_dict_of_tensor_pairs_keyed_by_an_int_parameter_is_annotated():
    fixed = fixed_text(PAIR_CACHE, SCRIPT, unsafe=False)
    assert (
        "class Basis(nn.Module):\n    cache: Dict[int, Tuple[torch.Tensor, torch.Tensor]]\n"
        in fixed
    )
    assert "        self.cache = {}  # per length\n" in fixed


def test_dict_keyed_by_a_tuple_is_left_alone():
    source = PAIR_CACHE.replace(
        "self.cache[n] = (grid.cos(), grid.sin())", "self.cache[(n, n)] = grid"
    )
    assert "cache: Dict" not in fixed_text(source, SCRIPT)


@requires_torch
def test_dict_of_tensor_pairs_scripts_with_eager_unchanged():
    assert_script_repaired(PAIR_CACHE, fixed_text(PAIR_CACHE, SCRIPT, unsafe=False))


# -- TL209: tuple() of a slice of a shape -------------------------------------------------------
SHAPE_TUPLE = """\
import torch
from torch import nn


class Square(nn.Module):
    def forward(self, x):
        hw = tuple(x.size()[1:3])  # spatial size
        if hw == (4, 4):
            return x * 2.0
        return x


Model = Square


def inputs():
    return [(torch.randn(2, 4, 4),), (torch.randn(2, 3, 4),)]
"""


def test_tuple_of_a_shape_slice_is_spelled_out():
    assert_rewritten(
        SHAPE_TUPLE,
        [("hw = tuple(x.size()[1:3])  # spatial", "hw = (x.size()[1], x.size()[2])  # spatial")],
        unsafe=True,
        settings=SCRIPT,
    )


def test_tuple_of_a_shape_slice_with_a_variable_bound_is_left_alone():
    source = SHAPE_TUPLE.replace("x.size()[1:3]", "x.size()[1:x.dim()]")
    assert "tuple(x.size()[1:x.dim()])" in fixed_text(source, SCRIPT)


@requires_torch
def test_spelled_out_shape_tuple_scripts_with_eager_unchanged():
    assert_script_repaired(SHAPE_TUPLE, fixed_text(SHAPE_TUPLE, SCRIPT))


# -- TL204: try / except -----------------------------------------------------------------------
TRY_SOLVE = """\
import torch
from torch import nn


class Solver(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = 1e-3

    def forward(self, a, b):
        m = a @ a.mT + self.eps * torch.eye(a.shape[-1])
        # Cholesky when it works
        try:
            low = torch.linalg.cholesky(m)
            return torch.cholesky_solve(b, low)
        except (RuntimeError, ValueError):
            return torch.linalg.solve(m, b)


Model = Solver


def inputs():
    return [(torch.randn(3, 3), torch.randn(3, 2)), (torch.randn(4, 4), torch.randn(4, 1))]
"""


def test_try_body_is_scripted_alone_and_the_try_moves_to_an_unused_method():
    fixed = fixed_text(TRY_SOLVE, SCRIPT)
    assert (
        "        # Cholesky when it works\n"
        "        if torch.jit.is_scripting():\n"
        "            low = torch.linalg.cholesky(m)\n"
        "            return torch.cholesky_solve(b, low)\n"
        "        else:\n"
        "            return self._forward_try(m, b)\n"
    ) in fixed
    assert "    @torch.jit.unused\n    def _forward_try(self, m, b):\n        try:\n" in fixed
    assert fixed_text(TRY_SOLVE, SCRIPT, unsafe=False) == TRY_SOLVE


def test_try_with_finally_is_left_alone():
    source = TRY_SOLVE.replace(
        "            return torch.linalg.solve(m, b)\n",
        "            return torch.linalg.solve(m, b)\n        finally:\n            pass\n",
    )
    assert "TL204" in _codes(source)
    assert fixed_text(source, SCRIPT) == source


@requires_torch
def test_try_body_scripts_with_eager_unchanged():
    assert_script_repaired(TRY_SOLVE, fixed_text(TRY_SOLVE, SCRIPT))


# -- TL214: a Tuple[int, ...] parameter --------------------------------------------------------
VARIADIC = """\
from typing import Tuple

import torch
from torch import nn


def crop_sizes(sizes: Tuple[int, ...], margin: int) -> int:
    total = 0
    for i, s in enumerate(sizes):
        total = total + s - margin * (i + 1)
    return total + len(sizes) + sizes[0]


class Crop(nn.Module):
    def __init__(self):
        super().__init__()
        self.window = (5, 3)

    def forward(self, x):
        n = crop_sizes(self.window, 1)  # window area
        return x[..., :n] * crop_sizes((2, 2, 1), 0)


Model = Crop


def inputs():
    return [(torch.randn(2, 12),), (torch.randn(3, 12),)]
"""


def test_variadic_tuple_parameter_becomes_a_list_handed_lists():
    assert_rewritten(
        VARIADIC,
        [
            ("sizes: Tuple[int, ...]", "sizes: List[int]"),
            ("crop_sizes(self.window, 1)  # window", "crop_sizes(list(self.window), 1)  # window"),
            ("crop_sizes((2, 2, 1), 0)", "crop_sizes([2, 2, 1], 0)"),
            ("from torch import nn\n", "from torch import nn\nfrom typing import List\n"),
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_variadic_tuple_parameter_returned_whole_is_left_alone():
    source = VARIADIC.replace(
        "    return total + len(sizes) + sizes[0]", "    print(sizes)\n    return total"
    )
    assert "sizes: Tuple[int, ...]" in fixed_text(source, SCRIPT)


@requires_torch
def test_variadic_tuple_as_list_scripts_with_eager_unchanged():
    assert_script_repaired(VARIADIC, fixed_text(VARIADIC, SCRIPT))
