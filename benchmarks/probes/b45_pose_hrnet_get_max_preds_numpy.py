# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


def get_max_preds(batch_heatmaps):
    """get predictions from score maps; heatmaps: numpy.ndarray([batch_size, num_joints, height, width])"""
    assert isinstance(batch_heatmaps, np.ndarray), "batch_heatmaps should be numpy.ndarray"
    assert batch_heatmaps.ndim == 4, "batch_images should be 4-ndim"
    batch_size = batch_heatmaps.shape[0]
    num_joints = batch_heatmaps.shape[1]
    width = batch_heatmaps.shape[3]
    heatmaps_reshaped = batch_heatmaps.reshape((batch_size, num_joints, -1))
    idx = np.argmax(heatmaps_reshaped, 2)
    maxvals = np.amax(heatmaps_reshaped, 2)
    maxvals = maxvals.reshape((batch_size, num_joints, 1))
    idx = idx.reshape((batch_size, num_joints, 1))
    preds = np.tile(idx, (1, 1, 2)).astype(np.float32)
    preds[:, :, 0] = (preds[:, :, 0]) % width
    preds[:, :, 1] = np.floor((preds[:, :, 1]) / width)
    pred_mask = np.tile(np.greater(maxvals, 0.0), (1, 1, 2))
    pred_mask = pred_mask.astype(np.float32)
    preds *= pred_mask
    return preds, maxvals


class BasicBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(ch)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(ch)

    def forward(self, x):
        out = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(out)) + x)


class PoseHighResolutionNet(nn.Module):
    def __init__(self, num_joints=5, ch=8):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, ch, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(ch), nn.ReLU())
        self.stage = nn.Sequential(BasicBlock(ch), BasicBlock(ch))
        self.final_layer = nn.Conv2d(ch, num_joints, 1)

    def forward(self, x):
        heatmaps = self.final_layer(self.stage(self.stem(x)))
        preds, maxvals = get_max_preds(heatmaps.detach().cpu().numpy())
        coords = torch.from_numpy(preds).to(x.device) * 2.0  # back to input resolution
        return heatmaps, coords, torch.from_numpy(maxvals).to(x.device)


Model = PoseHighResolutionNet


def inputs():
    torch.manual_seed(4509)
    return [(torch.randn(1, 3, 16, 12),), (torch.randn(1, 3, 16, 12),), (torch.randn(2, 3, 12, 12),)]
