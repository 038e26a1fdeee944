import torch
import torch.nn as nn
from functools import partial
from typing import Callable, Optional, Type, Union


def conv3x3(in_planes, out_planes, stride=1):
    return nn.Conv2d(in_planes, out_planes, 3, stride=stride, padding=1, bias=False)


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample: Optional[nn.Module] = None,
                 norm_layer: Optional[Callable[..., nn.Module]] = None):
        super().__init__()
        norm_layer = norm_layer or nn.BatchNorm2d
        self.conv1, self.bn1 = conv3x3(inplanes, planes, stride), norm_layer(planes)
        self.conv2, self.bn2 = conv3x3(planes, planes), norm_layer(planes)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        return self.relu(out + identity)


BLOCKS = {"basic": BasicBlock}


class Model(nn.Module):
    def __init__(self, block: Union[str, Type[BasicBlock]] = "basic", layers=(1, 1), width=8, num_classes=3,
                 norm_layer=partial(nn.GroupNorm, 2)):
        super().__init__()
        block = BLOCKS[block] if isinstance(block, str) else block
        self.inplanes = width
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1, bias=False), norm_layer(width), nn.ReLU())
        stages = []
        for i, n in enumerate(layers):
            planes, stride = width * 2 ** i, 1 if i == 0 else 2
            down = None
            if stride != 1 or self.inplanes != planes * block.expansion:
                down = nn.Sequential(nn.Conv2d(self.inplanes, planes, 1, stride, bias=False), norm_layer(planes))
            stages.append(block(self.inplanes, planes, stride, down, norm_layer))
            self.inplanes = planes * block.expansion
            stages += [block(self.inplanes, planes, norm_layer=norm_layer) for _ in range(1, n)]
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear(self.inplanes, num_classes)

    def forward(self, x):
        x = self.stages(self.stem(x))
        return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


def inputs():
    torch.manual_seed(28)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 12, 10) * 2,)]
