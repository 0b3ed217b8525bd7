"""Render the frames of one photoreal scene with Blender's Cycles (run with the Blender env's Python).

Build-time tool only: ``make_set.py`` writes a scene description (JSON) and calls

    nice -n 15 /work/bpyenv/bin/python bench/photoreal/blender_scene.py SCENE.json OUT_DIR

which writes one linear 16-bit PNG per frame (``OUT_DIR/FRAME.png``, no view transform: the
camera's own processing is done afterwards by ``make_set.py``). Nothing in the product imports
this file or ``bpy``. Units are metres; the sheet lies on z = 0 centred on the origin.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import bpy
from mathutils import Matrix, Vector


def _material(name: str, colour: list[float], roughness: float, **extra: float) -> bpy.types.Material:
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = (*colour, 1.0)
    bsdf.inputs["Roughness"].default_value = roughness
    if "coat" in extra:
        bsdf.inputs["Coat Weight"].default_value = extra["coat"]
    if "specular" in extra:
        bsdf.inputs["Specular IOR Level"].default_value = extra["specular"]
    return mat


def _image_material(name: str, path: str, roughness: float, specular: float = 0.3) -> bpy.types.Material:
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    tex = nodes.new("ShaderNodeTexImage")
    tex.image = bpy.data.images.load(path)
    tex.interpolation = "Cubic"
    links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = roughness
    bsdf.inputs["Specular IOR Level"].default_value = specular
    return mat


def _noisy_material(name: str, colour_a: list[float], colour_b: list[float], scale: float, roughness: float,
                    bump: float = 0.0, side_colour: list[float] | None = None) -> bpy.types.Material:
    """Two colours mixed by a noise texture (wood, cork, paint); optionally another colour on the sides."""
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    coords = nodes.new("ShaderNodeTexCoord")
    noise = nodes.new("ShaderNodeTexNoise")
    noise.inputs["Scale"].default_value = scale
    noise.inputs["Detail"].default_value = 2.0
    links.new(coords.outputs["Object"], noise.inputs["Vector"])
    ramp = nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].position = 0.35
    ramp.color_ramp.elements[0].color = (*colour_a, 1)
    ramp.color_ramp.elements[1].position = 0.75
    ramp.color_ramp.elements[1].color = (*colour_b, 1)
    links.new(noise.outputs["Fac"], ramp.inputs["Fac"])
    colour_out = ramp.outputs["Color"]
    if side_colour is not None:
        geometry = nodes.new("ShaderNodeNewGeometry")
        sep = nodes.new("ShaderNodeSeparateXYZ")
        links.new(geometry.outputs["Normal"], sep.inputs["Vector"])
        mix = nodes.new("ShaderNodeMix")
        mix.data_type = "RGBA"
        links.new(sep.outputs["Z"], mix.inputs["Factor"])
        mix.inputs["A"].default_value = (*side_colour, 1)
        links.new(colour_out, mix.inputs["B"])
        colour_out = mix.outputs["Result"]
    links.new(colour_out, bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = roughness
    if bump > 0:
        bump_node = nodes.new("ShaderNodeBump")
        bump_node.inputs["Strength"].default_value = bump
        links.new(noise.outputs["Fac"], bump_node.inputs["Height"])
        links.new(bump_node.outputs["Normal"], bsdf.inputs["Normal"])
    return mat


def _wood_material(colour_a: list[float], colour_b: list[float], scale: float, roughness: float) -> bpy.types.Material:
    """Wood: bands along one axis (a wave texture bent by noise), light and dark grain."""
    mat = bpy.data.materials.new("wood")
    mat.use_nodes = True
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    coords = nodes.new("ShaderNodeTexCoord")
    wave = nodes.new("ShaderNodeTexWave")
    wave.inputs["Scale"].default_value = scale
    wave.inputs["Distortion"].default_value = 6.0
    wave.inputs["Detail"].default_value = 3.0
    links.new(coords.outputs["Object"], wave.inputs["Vector"])
    ramp = nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].color = (*colour_a, 1)
    ramp.color_ramp.elements[1].color = (*colour_b, 1)
    links.new(wave.outputs["Fac"], ramp.inputs["Fac"])
    links.new(ramp.outputs["Color"], bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = roughness
    return mat


def _link(obj: bpy.types.Object, mat: bpy.types.Material, collection: bpy.types.Collection) -> bpy.types.Object:
    obj.data.materials.append(mat)
    for c in obj.users_collection:
        c.objects.unlink(obj)
    collection.objects.link(obj)
    return obj


def _cylinder(radius: float, depth: float, open_face: str | None = None) -> bpy.types.Object:
    bpy.ops.mesh.primitive_cylinder_add(vertices=64, radius=radius, depth=depth)
    obj = bpy.context.object
    if open_face:
        import bmesh  # only importable once bpy is loaded

        bm = bmesh.new()
        bm.from_mesh(obj.data)
        want = 1 if open_face == "top" else -1
        faces = [f for f in bm.faces if f.normal.z * want > 0.9]
        bmesh.ops.delete(bm, geom=faces, context="FACES_ONLY")
        bm.to_mesh(obj.data)
        bm.free()
        solid = obj.modifiers.new("wall", "SOLIDIFY")
        solid.thickness = 0.0011
        solid.offset = -1
    bevel = obj.modifiers.new("bevel", "BEVEL")
    bevel.width = min(0.0008, depth * 0.15)
    bevel.segments = 3
    bpy.ops.object.shade_smooth()
    return obj


def _piece(spec: dict, collection: bpy.types.Collection, index: int) -> None:
    kind = spec["kind"]
    x, y = spec["x"], spec["y"]
    if kind == "tile":
        size, thick = spec["size"], spec["thickness"]
        bpy.ops.mesh.primitive_cube_add(size=1)
        body = bpy.context.object
        body.scale = (size, size, thick)
        body.location = (x, y, thick / 2)
        body.rotation_euler = (0, 0, math.radians(spec["angle"]))
        _link(body, _material(f"card{index}", spec["edge_colour"], 0.9), collection)
        bpy.ops.mesh.primitive_plane_add(size=size)
        top = bpy.context.object
        top.location = (x, y, thick + 0.00005)
        top.rotation_euler = (0, 0, math.radians(spec["angle"]))
        _link(top, _image_material(f"face{index}", spec["texture"], 0.7), collection)
        return
    colour, rough = spec["colour"], spec["roughness"]
    radius, height = spec["radius"], spec["height"]
    if kind == "go":
        bpy.ops.mesh.primitive_uv_sphere_add(segments=48, ring_count=24, radius=1)
        obj = bpy.context.object
        obj.scale = (radius, radius, height / 2)
        obj.location = (x, y, height / 2 * 0.97)
        bpy.ops.object.shade_smooth()
        mat = _material(f"stone{index}", colour, rough, coat=spec.get("coat", 0.0))
    elif kind == "cork":
        obj = _cylinder(radius, height)
        obj.location = (x, y, height / 2)
        mat = _noisy_material(
            f"cork{index}", colour, [c * 0.8 for c in colour], 900.0, rough, bump=0.3,
            side_colour=spec["side_colour"],
        )
    elif kind in ("cap_up", "cap_down"):
        obj = _cylinder(radius, height, open_face="top" if kind == "cap_up" else "bottom")
        obj.location = (x, y, height / 2)
        mat = _material(f"cap{index}", colour, rough, coat=spec.get("coat", 0.0))
    else:  # draught (a stack of ``stack`` draughts: one cylinder each, a little off one another)
        stack = int(spec.get("stack", 1))
        obj = _cylinder(radius, height / stack)
        obj.location = (x, y, height / stack / 2)
        mat = bpy.data.materials.new(f"draught{index}")
        mat.use_nodes = True
        nodes, links = mat.node_tree.nodes, mat.node_tree.links
        bsdf = nodes["Principled BSDF"]
        bsdf.inputs["Base Color"].default_value = (*colour, 1)
        bsdf.inputs["Roughness"].default_value = rough
        coords = nodes.new("ShaderNodeTexCoord")
        wave = nodes.new("ShaderNodeTexWave")
        wave.wave_type = "RINGS"
        wave.inputs["Scale"].default_value = 1.6
        links.new(coords.outputs["Object"], wave.inputs["Vector"])
        bump = nodes.new("ShaderNodeBump")
        bump.inputs["Strength"].default_value = 0.25
        links.new(wave.outputs["Fac"], bump.inputs["Height"])
        links.new(bump.outputs["Normal"], bsdf.inputs["Normal"])
    obj.rotation_euler = (math.radians(spec.get("tilt", 0.0)), 0, math.radians(spec.get("spin", 0.0)))
    _link(obj, mat, collection)
    for level in range(1, int(spec.get("stack", 1)) if kind == "draught" else 1):
        upper = _cylinder(radius, height / spec["stack"])
        upper.location = (x + 0.0006 * level, y - 0.0004 * level, height / spec["stack"] * (level + 0.5))
        upper.rotation_euler = obj.rotation_euler
        _link(upper, mat, collection)


def _hand(spec: dict, collection: bpy.types.Collection) -> None:
    """A hand (palm and four fingers) over the board and the arm it hangs from, out of the frame."""
    skin = _material("skin", spec["skin"], 0.55)
    sleeve = _noisy_material("sleeve", spec["sleeve"], [c * 0.7 for c in spec["sleeve"]], 200.0, 0.9)
    px, py, pz = spec["palm"]
    angle = spec["angle"]
    d = Vector((math.cos(angle), math.sin(angle), 0.0))
    n = Vector((-d.y, d.x, 0.0))
    palm = Vector((px, py, pz))
    bpy.ops.mesh.primitive_uv_sphere_add(radius=1)
    obj = bpy.context.object
    obj.scale = (0.05, 0.045, 0.016)
    obj.location = palm
    obj.rotation_euler = (0, 0, angle)
    bpy.ops.object.shade_smooth()
    _link(obj, skin, collection)
    for k in range(4):
        base = palm - d * 0.045 + n * (k - 1.5) * 0.019
        bpy.ops.mesh.primitive_cylinder_add(radius=0.008, depth=spec["finger"])
        finger = bpy.context.object
        finger.location = base - d * spec["finger"] / 2 - Vector((0, 0, 0.01))
        finger.rotation_euler = (0, math.pi / 2 + 0.25, angle)
        _link(finger, skin, collection)
    arm_start = palm + d * 0.05
    arm_end = arm_start + d * 0.6 + Vector((0, 0, 0.25))
    mid, vec = (arm_start + arm_end) / 2, arm_end - arm_start
    bpy.ops.mesh.primitive_cylinder_add(radius=0.04, depth=vec.length)
    arm = bpy.context.object
    arm.location = mid
    arm.rotation_euler = vec.to_track_quat("Z", "Y").to_euler()
    _link(arm, sleeve, collection)


def _resting_arm(spec: dict, collection: bpy.types.Collection) -> None:
    """A forearm lying on the table beside the sheet, its hand flat with the fingers over part of
    a corner of the sheet (``tips``: where the middle fingers' tips rest; ``angle``: the
    direction the fingers point)."""
    skin = _material("skin-rest", spec["skin"], 0.55)
    sleeve = _noisy_material("sleeve-rest", spec["sleeve"], [c * 0.7 for c in spec["sleeve"]], 200.0, 0.9)
    d = Vector((math.cos(spec["angle"]), math.sin(spec["angle"]), 0.0))
    n = Vector((-d.y, d.x, 0.0))
    tips = Vector((*spec["tips"], 0.0))
    finger = spec["finger"]
    palm = tips - d * (finger + 0.04)
    bpy.ops.mesh.primitive_uv_sphere_add(radius=1)
    obj = bpy.context.object
    obj.scale = (0.05, 0.043, 0.015)
    obj.location = (palm.x, palm.y, 0.015)
    obj.rotation_euler = (0, 0, spec["angle"])
    bpy.ops.object.shade_smooth()
    _link(obj, skin, collection)
    for k in range(4):
        length = finger * (0.8 if k in (0, 3) else 1.0)
        base = palm + d * 0.04 + n * (k - 1.5) * 0.018
        bpy.ops.mesh.primitive_cylinder_add(radius=0.0075, depth=length)
        piece = bpy.context.object
        piece.location = (base + d * length / 2).to_tuple()[:2] + (0.0075,)
        piece.rotation_euler = (0, math.pi / 2, spec["angle"])
        bpy.ops.object.shade_smooth()
        _link(piece, skin, collection)
    arm_start = palm - d * 0.04
    arm_end = arm_start - d * 0.4
    start, end = Vector((arm_start.x, arm_start.y, 0.032)), Vector((arm_end.x, arm_end.y, 0.045))
    mid, vec = (start + end) / 2, end - start
    bpy.ops.mesh.primitive_cylinder_add(radius=0.035, depth=vec.length)
    arm = bpy.context.object
    arm.location = mid
    arm.rotation_euler = vec.to_track_quat("Z", "Y").to_euler()
    bpy.ops.object.shade_smooth()
    _link(arm, sleeve, collection)


def build(scene_spec: dict) -> None:
    """The table, the sheet, lights and camera of a scene (pieces are added per frame)."""
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.render.threads_mode = "FIXED"
    scene.render.threads = 1
    scene.cycles.samples = scene_spec["samples"]
    scene.cycles.use_denoising = True
    scene.cycles.max_bounces = 2
    scene.cycles.caustics_reflective = False
    scene.cycles.caustics_refractive = False
    scene.cycles.use_light_tree = True
    scene.cycles.use_adaptive_sampling = True
    scene.cycles.adaptive_threshold = 0.05
    scene.render.resolution_x, scene.render.resolution_y = scene_spec["resolution"]
    scene.render.resolution_percentage = 100
    scene.view_settings.view_transform = "Raw"
    # Headroom: the 16-bit PNG clips at 1.0, so the light is scaled down by this many stops
    # (``make_set.py`` scales it back) and paper in a lamp's hot spot keeps its detail.
    scene.view_settings.exposure = -float(scene_spec.get("headroom", 0.0))
    scene.display_settings.display_device = "sRGB"
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_depth = "16"
    world = bpy.data.worlds.new("world")
    world.use_nodes = True
    background = world.node_tree.nodes["Background"]
    background.inputs["Color"].default_value = (*scene_spec["world"]["colour"], 1)
    background.inputs["Strength"].default_value = scene_spec["world"]["strength"]
    scene.world = world

    table = scene_spec["table"]
    bpy.ops.mesh.primitive_plane_add(size=3.0, location=(0, 0, -0.0003))
    plane = bpy.context.object
    if table.get("kind") == "cloth":
        # A weave: fine threads' bumps on a matte coloured cloth.
        material = _noisy_material("table", table["a"], table["b"], table["scale"], table["roughness"], bump=0.4)
    elif table.get("kind") == "wood":
        material = _wood_material(table["a"], table["b"], table["scale"], table["roughness"])
    else:
        material = _noisy_material("table", table["a"], table["b"], table["scale"], table["roughness"])
    plane.data.materials.append(material)
    sheet = scene_spec["sheet"]
    for part in sheet["parts"]:
        bpy.ops.mesh.primitive_plane_add(size=1.0, location=(part["x"], part["y"], 0))
        paper = bpy.context.object
        paper.scale = (part["w"], part["h"], 1)
        paper.rotation_euler = (0, 0, math.radians(part.get("angle", 0.0)))
        paper.data.materials.append(_image_material("paper", part["texture"], 0.75, specular=0.35))

    for k, light in enumerate(scene_spec["lights"]):
        data = bpy.data.lights.new(f"light{k}", light["type"])
        data.energy = light["power"]
        data.color = light["colour"]
        if light["type"] == "AREA":
            data.size = light["size"]
        else:
            data.shadow_soft_size = light["size"]
        obj = bpy.data.objects.new(f"light{k}", data)
        obj.location = light["location"]
        direction = Vector(light["target"]) - Vector(light["location"])
        obj.rotation_euler = direction.to_track_quat("-Z", "Y").to_euler()
        scene.collection.objects.link(obj)

    cam_spec = scene_spec["camera"]
    cam_data = bpy.data.cameras.new("camera")
    cam_data.sensor_fit = "HORIZONTAL"
    cam_data.sensor_width = 36.0
    cam_data.lens = cam_spec["lens_mm"]
    cam = bpy.data.objects.new("camera", cam_data)
    cam.matrix_world = Matrix(cam_spec["matrix"])
    scene.collection.objects.link(cam)
    scene.camera = cam


def render_frames(scene_spec: dict, out_dir: Path) -> None:
    """Render each frame of the scene (its pieces and maybe a hand) to OUT_DIR/NAME.png."""
    build(scene_spec)
    scene = bpy.context.scene
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, frame in scene_spec["frames"].items():
        target = out_dir / f"{name}.png"
        if target.exists():
            continue
        collection = bpy.data.collections.new(f"pieces-{name}")
        scene.collection.children.link(collection)
        for k, piece in enumerate(frame["pieces"]):
            _piece(piece, collection, k)
        if frame.get("hand"):
            _hand(frame["hand"], collection)
        if frame.get("arm"):
            _resting_arm(frame["arm"], collection)
        scene.render.filepath = str(target)
        bpy.ops.render.render(write_still=True)
        for obj in list(collection.objects):
            bpy.data.objects.remove(obj, do_unlink=True)
        bpy.data.collections.remove(collection)


if __name__ == "__main__":
    spec_path, out = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else sys.argv[1:3]
    render_frames(json.loads(Path(spec_path).read_text()), Path(out))
