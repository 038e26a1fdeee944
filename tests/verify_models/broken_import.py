"""Does not import."""

import a_module_that_does_not_exist_anywhere  # noqa: F401

make_model = None
