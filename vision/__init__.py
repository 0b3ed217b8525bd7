"""The camera side of the physical board: printable mats, a synthetic camera and the board reader.

Only :mod:`vision.cli` is imported when the command line is built, and it imports nothing heavy:
cv2 and numpy are loaded by the vision commands themselves.
"""
