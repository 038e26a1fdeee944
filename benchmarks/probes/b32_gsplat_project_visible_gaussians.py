import torch
import torch.nn as nn


def quat_to_rotmat(q):
    w, x, y, z = torch.nn.functional.normalize(q, dim=-1).unbind(-1)
    return torch.stack([
        1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
        2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
        2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
    ], -1).view(*q.shape[:-1], 3, 3)


class GaussianProjector(nn.Module):
    def __init__(self, focal=50.0, width=64, height=48, near=0.2):
        super().__init__()
        self.focal, self.near = focal, near
        self.register_buffer("principal", torch.tensor([width / 2, height / 2]))

    def covariance(self, scales, quats):
        R = quat_to_rotmat(quats)
        M = R * scales.exp().unsqueeze(-2)
        return M @ M.transpose(-1, -2)

    def forward(self, means, scales, quats, opacities, viewmat):
        p_view = means @ viewmat[:3, :3].T + viewmat[:3, 3]
        visible = p_view[:, 2] > self.near
        p_view, cov = p_view[visible], self.covariance(scales[visible], quats[visible])  # breaks: compile
        z = p_view[:, 2:3]
        uv = self.focal * p_view[:, :2] / z + self.principal
        J = torch.zeros(p_view.shape[0], 2, 3)
        J[:, 0, 0] = J[:, 1, 1] = self.focal / z[:, 0]
        J[:, :, 2] = -self.focal * p_view[:, :2] / z ** 2
        W = viewmat[:3, :3]
        cov2d = J @ W @ cov @ W.T @ J.transpose(-1, -2) + 0.3 * torch.eye(2)
        order = torch.argsort(z[:, 0])
        return uv[order], cov2d[order], opacities[visible].sigmoid()[order]  # breaks: compile


Model = GaussianProjector


def inputs():
    torch.manual_seed(3215)
    def scene(n):
        means = torch.randn(n, 3) + torch.tensor([0.0, 0.0, 1.0])
        return means, torch.randn(n, 3) * 0.3 - 2, torch.randn(n, 4), torch.randn(n), torch.eye(4)
    return [scene(12), scene(12)]
