# The C extension's internals (used by the package and its tests; not an API).
from typing import Any

def __getattr__(name: str) -> Any: ...
