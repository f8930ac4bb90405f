"""Opacus's privacy accountants as a peer, without torch.

``make setup`` installs opacus without its dependencies: the package's ``__init__`` imports its
gradient samplers, which need torch, but the accountants (``opacus.accountants``: RDP, GDP and
PRV, with their analyses) compute with numpy and scipy alone. Their one tie to the rest of the
package is ``opacus.optimizers.DPOptimizer``, named in the annotation of the hook an accountant
hands an optimizer, which no peer run here calls.

:func:`accountants` imports them so: ``opacus`` is entered as a bare package over its own folder
(its ``__init__`` is not run), and ``opacus.optimizers`` as a module whose ``DPOptimizer`` is a
class that stands only for that annotation. Everything else imported is Opacus's own code.
"""

from __future__ import annotations

import importlib
import sys
from functools import cache
from importlib.metadata import distribution
from types import ModuleType


@cache
def accountants() -> ModuleType:
    """``opacus.accountants``, imported without the package's ``__init__`` (see the module)."""
    if "opacus" not in sys.modules:
        package = ModuleType("opacus")
        package.__path__ = [str(distribution("opacus").locate_file("opacus"))]
        sys.modules["opacus"] = package
        optimizers = ModuleType("opacus.optimizers")
        optimizers.DPOptimizer = type("DPOptimizer", (), {})  # type: ignore[attr-defined]
        sys.modules["opacus.optimizers"] = optimizers
    return importlib.import_module("opacus.accountants")
