# ComfyUI runs every custom node's prestartup_script.py before it imports any custom node, so
# the import hook is in place before ComfyUI-Manager loads and starts its catalogue fetch.
import importlib.util
import os
import sys

_NAME = "comfy_registry_connector"

if _NAME not in sys.modules:
    _path = os.path.join(os.path.dirname(os.path.abspath(__file__)), _NAME + ".py")
    _spec = importlib.util.spec_from_file_location(_NAME, _path)
    _module = importlib.util.module_from_spec(_spec)
    sys.modules[_NAME] = _module
    _spec.loader.exec_module(_module)
sys.modules[_NAME].activate()
