# The file-format internals (rijn._file): the API is in rijn/__init__.pyi.
from typing import Any

def __getattr__(name: str) -> Any: ...
