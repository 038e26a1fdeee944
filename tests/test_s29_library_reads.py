"""The installed modules TL209's partial check reads are the lint cache's dependencies.

``library_python_function`` (session 29: is a ``functools.partial``'s function a Python
``def`` TorchScript would compile, or a C builtin it binds?) reads torch's installed source; a
file linted with its answer must be linted again when that source changes, so the modules it
read are recorded like every other library lookup's, also when the answer comes from memory.
"""

from __future__ import annotations

from torchlint.lint.library_source import library_python_function, recording_library_reads

from .conftest import requires_torch


@requires_torch
def test_a_python_function_lookup_records_the_module_it_read_also_from_memory():
    for _ in range(2):  # the second answer is the cached one
        with recording_library_reads() as reads:
            assert library_python_function("torch.nn.functional.hardtanh")
        assert "torch.nn.functional" in reads


@requires_torch
def test_a_builtin_bound_by_name_is_no_python_function_and_its_module_is_recorded():
    with recording_library_reads() as reads:
        assert not library_python_function("torch.nn.functional.gelu")
    assert "torch.nn.functional" in reads
