"""Every public name of rijn has a docstring (help(rijn) teaches), the
public names are all in __all__, and the stubs cover them."""
import inspect
import os
from typing import Any, List

import rijn


def _public(obj: Any) -> List[str]:
    return [n for n in vars(obj) if not n.startswith("_")]


def test_every_public_name_has_a_docstring() -> None:
    missing = []
    assert rijn.__doc__ and len(rijn.__doc__) > 500
    for name in rijn.__all__:
        obj = getattr(rijn, name)
        if isinstance(obj, (str, int)):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj):
            for klass in obj.__mro__:
                if klass.__module__ in ("builtins",) or not klass.__module__.startswith("rijn"):
                    continue
                for m in _public(klass):
                    attr = getattr(obj, m)
                    if callable(attr) and not (getattr(attr, "__doc__", "") or "").strip():
                        missing.append("%s.%s" % (name, m))
    for name in ("pad", "unpad"):
        if not (getattr(rijn.Padding, name).__doc__ or "").strip():
            missing.append("Padding." + name)
    assert not missing, "no docstring: %s" % ", ".join(sorted(set(missing)))


def test_all_is_complete_and_stubbed() -> None:
    public = {n for n in vars(rijn) if not n.startswith("_")}
    modules = {n for n in public if inspect.ismodule(getattr(rijn, n)) and n != "Padding"}
    assert sorted(public - set(rijn.__all__) - modules) == []
    stub = os.path.join(os.path.dirname(rijn.__file__), "__init__.pyi")
    text = open(stub).read()
    for name in rijn.__all__:
        assert ("def %s(" % name in text or "class %s" % name in text
                or "%s:" % name in text or "import %s" % name in text), name
