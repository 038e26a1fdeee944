"""Script repairs of the heldout16 mechanisms: NumPy keyword names on torch ops
(fixers/script_numpy_keywords.py), `-> NoReturn` (fixers/script_noreturn.py), `format(*seq)`
(fixers/script_format_star.py), a zero-padded int in an f-string
(fixers/script_fstring_zero_pad.py), `itertools.islice` over a ModuleList
(fixers/script_islice_loop.py), an alias TorchScript cannot resolve
(fixers/script_alias_annotation.py), `sum(groups, [])` (fixers/script_sum_start.py) and a
dict comprehension with two `for` assigned under an annotation
(fixers/script_comprehension.py), `str.translate` (fixers/script_str_translate.py), an Enum
looked up by value and compared to a member (fixers/script_enum_call.py) and an exported
debugging method using NumPy (fixers/script_export_ignore.py) and an activation class kept
on the module (fixers/script_class_attribute_instance.py), builtin `max` / `min` of a tensor
and a number (fixers/script_builtin_clamp.py), `collections.Counter` read by key
(fixers/script_counter_dict.py), `itertools.zip_longest` over a ModuleList and a list
(fixers/script_zip_longest.py); before/after text and torch's word that the fixed model
scripts with eager outputs unchanged and no other back-end broken."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    return fixed_text(code, SETTINGS, unsafe=unsafe)


def _model(forward: str, top: str = "", init: str = "") -> str:
    """A model whose ``forward`` body is ``forward`` (indented by 8), with module-level code
    ``top`` and extra ``__init__`` lines ``init``."""
    body = "\n".join("        " + line if line else "" for line in forward.splitlines())
    setup = "\n".join("        " + line for line in init.splitlines())
    return (
        "import itertools\n"
        "from typing import Annotated, Dict, List, NoReturn\n\n"
        "import torch\n"
        "from torch import nn\n\n"
        f"{top}\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(4)])\n"
        "        self.stop = 3\n"
        "        self.pad = 3\n"
        f"{setup}\n\n"
        "    def forward(self, x):\n"
        f"{body}\n\n\n"
        "def inputs():\n"
        "    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]\n"
    )


# (id, source, the fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "numpy-keywords",
        _model("return x.sum(axis=(1, 2), keepdims=True) + x.amax(axis=-1, keepdims=True)"),
        [
            ("x.sum(axis=(1, 2), keepdims=True)", "x.sum(dim=(1, 2), keepdim=True)"),
            ("x.amax(axis=-1, keepdims=True)", "x.amax(dim=-1, keepdim=True)"),
        ],
        False,
    ),
    (
        "noreturn-helper",
        _model(
            'if x.dim() != 3:\n    _fail("rank")\nreturn x * 2',
            top="def _fail(what: str) -> NoReturn:\n    raise ValueError(what)",
        ),
        [("-> NoReturn:", "-> None:")],
        False,
    ),
    (
        "format-star",
        _model('tag = "{}-{}".format(*x.shape[1:])\nreturn x * len(tag)'),
        [('"{}-{}".format(*x.shape[1:])', '"{}-{}".format(x.shape[1:][0], x.shape[1:][1])')],
        True,
    ),
    (
        "fstring-zero-pad",
        _model(
            "n = 0\n"
            "for i in range(12):\n"
            '    n = n + len(f"s{i:0{self.pad}d}-{i:02d}")\n'
            "return x * n"
        ),
        [
            (
                'f"s{i:0{self.pad}d}-{i:02d}"',
                'f"s{str(i).zfill(self.pad)}-{str(i).zfill(2)}"',
            )
        ],
        True,
    ),
    (
        "islice-modulelist",
        _model(
            "for layer in itertools.islice(self.layers, 1, self.stop):\n    x = layer(x)\nreturn x"
        ),
        [
            (
                "for layer in itertools.islice(self.layers, 1, self.stop):\n            x = layer(x)",
                "for index, layer in enumerate(self.layers):\n"
                "            if 1 <= index < self.stop:\n"
                "                x = layer(x)",
            )
        ],
        True,
    ),
    (
        "annotated-alias",
        _model(
            "return self.reduce(x, 1)",
            top='Axis = Annotated[int, "reduced axis"]',
            init="",
        ).replace(
            "    def forward(self, x):",
            "    def reduce(self, x: torch.Tensor, axis: Axis = -1) -> torch.Tensor:\n"
            "        return x.mean(axis)\n\n"
            "    def forward(self, x):",
        ),
        [("axis: Axis = -1", "axis: int = -1")],
        False,
    ),
    (
        "sum-lists",
        _model(
            "order = sum(self.groups, [])\nreturn x[:, :, order]",
            init="self.groups: List[List[int]] = [[3, 1], [0], [2]]",
        ),
        [
            (
                "order = sum(self.groups, [])",
                "total: List[int] = []\n"
                "        for term in self.groups:\n"
                "            total = total + term\n"
                "        order = total",
            )
        ],
        True,
    ),
    (
        "dictcomp-two-for",
        _model(
            "parts = [x[:, i] for i in range(3)]\n"
            "pairs: Dict[int, torch.Tensor] = {\n"
            "    10 * a + b: parts[a] * parts[b] for a in range(3) for b in range(3) if a < b\n"
            "}\n"
            "return pairs[1] + pairs[12]"
        ),
        [
            (
                "pairs: Dict[int, torch.Tensor] = {\n"
                "            10 * a + b: parts[a] * parts[b] for a in range(3) for b in range(3) if a < b\n"
                "        }",
                "pairs: Dict[int, torch.Tensor] = {}\n"
                "        for a in range(3):\n"
                "            for b in range(3):\n"
                "                if a < b:\n"
                "                    pairs[10 * a + b] = parts[a] * parts[b]",
            )
        ],
        True,
    ),
    (
        "str-translate",
        _model(
            'key = self.name.translate(_CLEAN) + "a.b".translate(str.maketrans("ab", "xy", "."))\n'
            "return x * len(key)",
            top='_CLEAN = str.maketrans({"-": "_", " ": None})',
            init='self.name = "conv-block 1"',
        ),
        [
            (
                'self.name.translate(_CLEAN) + "a.b".translate(str.maketrans("ab", "xy", "."))',
                'self.name.replace("-", "_").replace(" ", "") + '
                '"a.b".replace("a", "x").replace("b", "y").replace(".", "")',
            )
        ],
        False,
    ),
    (
        "enum-call",
        _model(
            "if Pool(self.pool) == Pool.MAX:\n    return x.amax(1)\n"
            "if Pool.MEAN != Pool(self.pool):\n    return x.sum(1)\n"
            "return x.mean(1)",
            top='class Pool(enum.Enum):\n    MEAN = "mean"\n    MAX = "max"',
            init='self.pool = "max"',
        ).replace("import itertools\n", "import enum\nimport itertools\n"),
        [
            ("Pool(self.pool) == Pool.MAX", "self.pool == Pool.MAX.value"),
            ("Pool.MEAN != Pool(self.pool)", "self.pool != Pool.MEAN.value"),
        ],
        True,
    ),
    (
        "export-debug-method",
        _model("return self.layers[0](x)")
        .replace(
            "    def forward(self, x):",
            "    @torch.jit.export\n"
            "    def histogram(self, x: torch.Tensor):\n"
            "        h = self.layers[0](x).detach().numpy()\n"
            "        counts, _ = np.histogram(h, bins=4)\n"
            "        return torch.from_numpy(counts)\n\n"
            "    def forward(self, x):",
        )
        .replace("import torch\n", "import numpy as np\nimport torch\n"),
        [("@torch.jit.export", "@torch.jit.ignore")],
        True,
    ),
    (
        "builtin-max-min-clamp",
        _model(
            "h = self.layers[0](x)\n"
            "peak = max(h.abs().amax(), self.pad)\n"
            "floor = min(1e-3, h.abs().mean())\n"
            "return h / peak + floor"
        ),
        [
            ("max(h.abs().amax(), self.pad)", "torch.clamp(h.abs().amax(), min=self.pad)"),
            ("min(1e-3, h.abs().mean())", "torch.clamp(h.abs().mean(), max=1e-3)"),
        ],
        True,
    ),
    (
        "counter-by-key",
        _model(
            "counts = Counter(self.tags)\n"
            'total = counts["a"] + counts["z"] + len(counts)\n'
            "for key in counts.keys():\n"
            "    if key in counts:\n"
            "        total = total + counts[key]\n"
            "return x * total",
            init='self.tags: List[str] = ["a", "b", "a", "c"]',
        ).replace("import itertools\n", "import itertools\nfrom collections import Counter\n"),
        [
            (
                "counts = Counter(self.tags)",
                "counts: Dict[str, int] = {}\n"
                "        for item in self.tags:\n"
                "            counts[item] = counts.get(item, 0) + 1",
            ),
            ('counts["a"] + counts["z"]', 'counts.get("a", 0) + counts.get("z", 0)'),
            ("total + counts[key]", "total + counts.get(key, 0)"),
        ],
        True,
    ),
    (
        "zip-longest-skips",
        _model(
            "skips = [x * 0.5, x + 1.0]\n"
            "for layer, skip in itertools.zip_longest(self.layers, skips):\n"
            "    x = layer(x)\n"
            "    if skip is not None:\n"
            "        x = x + skip\n"
            "return x"
        ),
        [
            (
                "for layer, skip in itertools.zip_longest(self.layers, skips):\n",
                "for index, layer in enumerate(self.layers):\n"
                "            skip = skips[index] if index < len(skips) else None\n",
            )
        ],
        True,
    ),
    (
        "activation-class-attribute",
        """
        import torch
        from torch import nn


        class Block(nn.Module):
            def __init__(self, act=None, gate=nn.Sigmoid):
                super().__init__()
                self.fc = nn.Linear(4, 4)
                self.act = act or nn.SiLU
                self.gate = gate

            def forward(self, x):
                return self.act()(self.fc(x)) * self.gate()(x)


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.blocks = nn.ModuleList([Block(), Block(gate=nn.Tanh)])

            def forward(self, x):
                for block in self.blocks:
                    x = block(x)
                return x


        def inputs():
            return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
        """,
        [
            ("self.act = act or nn.SiLU", "self.act = (act or nn.SiLU)()"),
            ("self.gate = gate", "self.gate = gate()"),
            ("self.act()(self.fc(x)) * self.gate()(x)", "self.act(self.fc(x)) * self.gate(x)"),
        ],
        True,
    ),
]


@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_spelling_is_rewritten(source, edits, unsafe):
    assert_rewritten(normalized(source), edits, unsafe, SETTINGS)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fixed_model_scripts_with_eager_unchanged(source, edits, unsafe):
    source = normalized(source)
    assert_script_repaired(source, _fix(source, unsafe=unsafe))


def test_left_alone():
    """No rewrite where the fixed text would not mean the same: `format` fields with a spec
    (TorchScript's `format` replaces bare `{}` only), a padded value that may be no int, an
    `islice` with a step, `sum(..., [])` of a value with no annotation."""
    for forward in (
        'tag = "{:d}-{}".format(*x.shape[1:])\nreturn x * len(tag)',
        'tag = f"{x.size(0) / 2:04d}"\nreturn x * len(tag)',
        "for layer in itertools.islice(self.layers, 0, 4, 2):\n    x = layer(x)\nreturn x",
        "order = sum([[0], [1]], [])\nreturn x[:, :, order]",
        # a Counter used otherwise than by key
        "counts = Counter([1, 2])\nreturn x * len(counts.most_common())",
        # a replacement holding a character another step replaces
        'key = "a-b".translate(str.maketrans({"-": "_", "_": "-"}))\nreturn x * len(key)',
    ):
        source = normalized(_model(forward)).replace(
            "import itertools\n", "import itertools\nfrom collections import Counter\n"
        )
        assert _fix(source, unsafe=True) == source


def test_class_attribute_left_alone():
    """No instance made in `__init__` for a layer with parameters or a training flag
    (`nn.LayerNorm`, `nn.Dropout`: one made in `forward` differs), a call with arguments, or
    a class a caller may replace by an instance."""
    for init, forward, call in (
        ("norm=nn.LayerNorm", "self.norm(4)(x)", "Block()"),
        ("drop=nn.Dropout", "self.norm()(x)", "Block()"),
        ("act=nn.ReLU", "self.norm()(x)", "Block(*[nn.GELU])"),
    ):
        source = normalized(
            f"""
            import torch
            from torch import nn


            class Block(nn.Module):
                def __init__(self, {init}):
                    super().__init__()
                    self.norm = {init.split("=")[0]}

                def forward(self, x):
                    return {forward}


            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = {call}

                def forward(self, x):
                    return self.block(x)
            """
        )
        assert _fix(source, unsafe=True) == source
