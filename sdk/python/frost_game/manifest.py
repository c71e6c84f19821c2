"""A game's manifest: `frost-game.toml` beside the game's module (docs/writing-a-game.md,
"The manifest"). `export` fills the game class's NAME, VERSION and DESCRIPTION from it when
the class leaves them empty, so the manifest is the one place they are written. The file is
read when the module is imported: at build time for a component (componentize-py runs the
top level then, with the game's folder readable; the class keeps what it read), so the
component reads no file at run time. `frost-host game build` also puts the file into the
component, where `game-info` and `game-check --validate` read it (and check that it agrees
with what `describe` says).
"""

import os
import sys
from typing import Any, Dict, Optional

#: The manifest's file name, in the game's folder.
FILE = "frost-game.toml"

#: Class attribute <- manifest key.
_FIELDS = (("NAME", "name"), ("VERSION", "version"), ("DESCRIPTION", "description"))


def read(module_name: str) -> Optional[Dict[str, Any]]:
    """The manifest beside module `module_name`'s file, parsed; None when there is none."""
    path = getattr(sys.modules.get(module_name), "__file__", None)
    if not path:
        return None
    manifest = os.path.join(os.path.dirname(os.path.abspath(path)), FILE)
    try:
        f = open(manifest, "rb")
    except OSError:
        return None
    import tomllib  # Python 3.11+; imported only when there is a manifest to read

    with f:
        return tomllib.load(f)


def fill(game_class: type) -> None:
    """Sets the class's empty NAME, VERSION and DESCRIPTION from its module's manifest."""
    if all(getattr(game_class, attr, "") for attr, _ in _FIELDS):
        return
    manifest = read(game_class.__module__)
    if manifest is None:
        return
    for attr, key in _FIELDS:
        if not getattr(game_class, attr, ""):
            value = manifest.get(key, "")
            setattr(game_class, attr, value if isinstance(value, str) else "")
