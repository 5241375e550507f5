"""Stand-in for CircuitPython's busdisplay (tests only, never shipped): the BusDisplay behind
board.DISPLAY. It shows root_group (a Group held by no other group) and counts refresh() calls;
it draws nothing."""
import displayio


class BusDisplay:
    def __init__(self, display_bus=None, init_sequence=b"", *, width, height, rotation=0, auto_refresh=True,
                 **options):
        self._w = width
        self._h = height
        self.rotation = rotation
        self.auto_refresh = auto_refresh
        self.brightness = 1.0
        self._root = None
        self.refreshes = 0

    @property
    def width(self):
        return self._w

    @property
    def height(self):
        return self._h

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        if group is not None and not isinstance(group, displayio.Group):
            raise TypeError("root_group must be a Group or None")
        if group is self._root:
            return
        if group is not None and group._in_group:
            raise ValueError("Group already used")
        if self._root is not None:
            self._root._in_group = False
        if group is not None:
            group._in_group = True
        self._root = group

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
