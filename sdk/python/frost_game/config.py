"""A game's config: a dataclass whose every field has a default. `parse` reads it from JSON
the way the Rust SDK's serde derive (`default, deny_unknown_fields`) does: a missing field
keeps its default, an unknown field or a value of the wrong type is an error naming the
field. `schema` is its JSON Schema and `default_json` its default, for `describe`.

Field types: bool, int, float, str, `Literal[...]` of strings (an enum), `Optional[T]`
and `List[T]` of those.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any, Dict, List, Literal, Optional, Union, get_args, get_origin


class ConfigError(ValueError):
    """A config that does not parse: the message names the field."""


def _check(name: str, ty: Any, value: Any) -> Any:
    origin = get_origin(ty)
    if ty is Any:
        return value
    if origin is Union:
        args = get_args(ty)
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return _check(name, inner[0], value)
        raise ConfigError(f"field `{name}`: unions other than Optional[T] are not supported")
    if origin is Literal:
        allowed = get_args(ty)
        if value not in allowed or isinstance(value, bool):
            raise ConfigError(
                f"field `{name}`: unknown variant {json.dumps(value)}, expected one of "
                + ", ".join(f"`{a}`" for a in allowed)
            )
        return value
    if origin in (list, List):
        if not isinstance(value, list):
            raise ConfigError(f"field `{name}`: expected a list, got {json.dumps(value)}")
        (item,) = get_args(ty) or (Any,)
        return [_check(f"{name}[{i}]", item, v) for i, v in enumerate(value)]
    if ty is bool:
        ok = isinstance(value, bool)
    elif ty is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif ty is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif ty is str:
        ok = isinstance(value, str)
    else:
        raise ConfigError(f"field `{name}`: type {ty!r} is not supported in a game config")
    if not ok:
        raise ConfigError(
            f"field `{name}`: invalid type: {json.dumps(value)}, expected {ty.__name__}"
        )
    return value


def _fields(cls: type) -> Dict[str, Any]:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"a game's Config must be a dataclass, got {cls!r}")
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def parse(cls: type, config_json: str) -> Any:
    """The config in `config_json`; an empty string is the default config."""
    if not config_json.strip():
        return cls()
    try:
        data = json.loads(config_json)
    except json.JSONDecodeError as e:
        raise ConfigError(f"invalid config: {e}") from None
    if not isinstance(data, dict):
        raise ConfigError("invalid config: expected a JSON object")
    fields = _fields(cls)
    for key in data:
        if key not in fields:
            expected = ", ".join(f"`{k}`" for k in fields)
            raise ConfigError(f"invalid config: unknown field `{key}`, expected one of {expected}")
    try:
        return cls(**{k: _check(k, fields[k], v) for k, v in data.items()})
    except ConfigError as e:
        raise ConfigError(f"invalid config: {e}") from None


def to_json_value(config: Any) -> Dict[str, Any]:
    return dataclasses.asdict(config)


def default_json(cls: type) -> str:
    """The default config as compact JSON, fields in declaration order (as serde writes it)."""
    return json.dumps(to_json_value(cls()), separators=(",", ":"), ensure_ascii=False)


def _type_schema(ty: Any) -> Dict[str, Any]:
    origin = get_origin(ty)
    if origin is Union:
        inner = [a for a in get_args(ty) if a is not type(None)]
        s = _type_schema(inner[0])
        kind = s.get("type")
        return {**s, "type": [kind, "null"]} if isinstance(kind, str) else s
    if origin is Literal:
        return {"type": "string", "enum": list(get_args(ty))}
    if origin in (list, List):
        (item,) = get_args(ty) or (Any,)
        return {"type": "array", "items": _type_schema(item)}
    names = {bool: "boolean", int: "integer", float: "number", str: "string"}
    return {"type": names[ty]} if ty in names else {}


def schema(cls: type) -> str:
    """The config's JSON Schema, as a JSON string."""
    default = cls()
    props = {}
    for name, ty in _fields(cls).items():
        props[name] = {**_type_schema(ty), "default": getattr(default, name)}
    doc = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": cls.__name__,
        "type": "object",
        "properties": props,
        "additionalProperties": False,
    }
    if cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "("):
        doc["description"] = " ".join(cls.__doc__.split())
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


# Listed so `from frost_game.config import Optional, List, Literal` works in a game module.
__all__ = ["ConfigError", "parse", "schema", "default_json", "List", "Literal", "Optional"]
