# ruff: noqa  (a probe is written as users write models)
import math
from typing import List, Sequence

import torch
import torch.nn as nn
from torch import Tensor


def _create_grid_offsets(size: List[int], stride: int, offset: float, target_device_tensor: Tensor):
    grid_height, grid_width = size
    shifts_x = torch.arange(offset * stride, grid_width * stride, step=stride, dtype=torch.float32, device=target_device_tensor.device)
    shifts_y = torch.arange(offset * stride, grid_height * stride, step=stride, dtype=torch.float32, device=target_device_tensor.device)
    shift_y, shift_x = torch.meshgrid(shifts_y, shifts_x, indexing="ij")
    return shift_x.reshape(-1), shift_y.reshape(-1)


class BufferList(nn.Module):
    """Similar to nn.ParameterList, but for buffers"""

    def __init__(self, buffers):
        super().__init__()
        for i, buffer in enumerate(buffers):
            self.register_buffer(str(i), buffer, persistent=False)

    def __len__(self):
        return len(self._buffers)

    def __iter__(self):
        return iter(self._buffers.values())


class DefaultAnchorGenerator(nn.Module):
    def __init__(self, sizes=((32.0,), (64.0,)), aspect_ratios=((0.5, 1.0, 2.0),) * 2, strides=(8, 16), offset=0.0):
        super().__init__()
        self.strides = list(strides)
        self.offset = offset
        self.cell_anchors = BufferList([self.generate_cell_anchors(s, a) for s, a in zip(sizes, aspect_ratios)])

    def generate_cell_anchors(self, sizes: Sequence[float], aspect_ratios: Sequence[float]) -> Tensor:
        anchors = []
        for size in sizes:
            area = size**2.0
            for aspect_ratio in aspect_ratios:
                w = math.sqrt(area / aspect_ratio)
                h = aspect_ratio * w
                anchors.append([-w / 2.0, -h / 2.0, w / 2.0, h / 2.0])
        return torch.tensor(anchors)

    @property
    def num_cell_anchors(self) -> List[int]:
        return [len(cell_anchors) for cell_anchors in self.cell_anchors]

    def forward(self, features: List[Tensor]) -> List[Tensor]:
        grid_sizes = [feature_map.shape[-2:] for feature_map in features]
        anchors = []
        for size, stride, base_anchors in zip(grid_sizes, self.strides, self.cell_anchors):
            shift_x, shift_y = _create_grid_offsets(size, stride, self.offset, base_anchors)
            shifts = torch.stack((shift_x, shift_y, shift_x, shift_y), dim=1)
            anchors.append((shifts.view(-1, 1, 4) + base_anchors.view(1, -1, 4)).reshape(-1, 4))
        return anchors


Model = DefaultAnchorGenerator


def inputs():
    torch.manual_seed(4706)
    return [
        ([torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4)],),
        ([torch.randn(1, 4, 6, 10), torch.randn(1, 4, 3, 5)],),
    ]
