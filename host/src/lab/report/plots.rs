//! The report's figures as SVG text (plotters' SVG backend): one curve per setting, the
//! mean over its seeds with a band from the lowest to the highest seed.

use plotters::prelude::*;

use super::claims::interpolate;
use super::EvidenceError;

/// One setting's curves, one (x, y) list per seed.
pub struct SeedCurves {
    pub label: String,
    pub curves: Vec<Vec<(f64, f64)>>,
}

/// A figure: settings' bands, and optionally a horizontal reference line.
pub struct Figure {
    /// File stem under figures/.
    pub name: String,
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<SeedCurves>,
    pub reference: Option<(String, f64)>,
}

/// Mean, min and max across seeds at the x values of any seed, over the x range that every
/// seed covers (curves are linear between their points).
pub struct Band {
    pub mean: Vec<(f64, f64)>,
    pub lo: Vec<(f64, f64)>,
    pub hi: Vec<(f64, f64)>,
}

pub fn band(curves: &[Vec<(f64, f64)>]) -> Option<Band> {
    let curves: Vec<&Vec<(f64, f64)>> = curves.iter().filter(|c| !c.is_empty()).collect();
    if curves.is_empty() {
        return None;
    }
    let start = curves.iter().map(|c| c[0].0).fold(f64::MIN, f64::max);
    let end = curves
        .iter()
        .map(|c| c[c.len() - 1].0)
        .fold(f64::MAX, f64::min);
    let mut xs: Vec<f64> = curves
        .iter()
        .flat_map(|c| c.iter().map(|p| p.0))
        .filter(|&x| x >= start && x <= end)
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    if xs.is_empty() {
        return None;
    }
    let mut b = Band {
        mean: Vec::new(),
        lo: Vec::new(),
        hi: Vec::new(),
    };
    for x in xs {
        let ys: Vec<f64> = curves.iter().map(|c| interpolate(c, x)).collect();
        b.mean.push((x, ys.iter().sum::<f64>() / ys.len() as f64));
        b.lo.push((x, ys.iter().copied().fold(f64::MAX, f64::min)));
        b.hi.push((x, ys.iter().copied().fold(f64::MIN, f64::max)));
    }
    Some(b)
}

/// Distinguishable colours (a colour-blind-safe set), one per setting in order.
pub const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(120, 120, 120),
    RGBColor(240, 228, 66),
];

/// Compact tick labels: 12800 -> "12.8k", 2.5e6 -> "2.5M", small numbers with few digits.
pub fn tick(v: f64) -> String {
    let a = v.abs();
    let trim = |s: String| {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    if a >= 1e6 {
        format!("{}M", trim(format!("{:.2}", v / 1e6)))
    } else if a >= 1e4 {
        format!("{}k", trim(format!("{:.1}", v / 1e3)))
    } else if a >= 100.0 || a == 0.0 {
        format!("{v:.0}")
    } else if a >= 1.0 {
        trim(format!("{v:.2}"))
    } else {
        trim(format!("{v:.3}"))
    }
}

/// The chart's size; the legend strip is added below it.
const SIZE: (u32, u32) = (760, 440);
const REFERENCE: RGBColor = RGBColor(90, 90, 90);

fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// The figure as an SVG document.
pub fn svg(fig: &Figure) -> Result<String, EvidenceError> {
    let err = |e: &dyn std::fmt::Display| EvidenceError::Plot {
        name: fig.name.clone(),
        msg: e.to_string(),
    };
    let bands: Vec<(usize, &SeedCurves, Band)> = fig
        .series
        .iter()
        .enumerate()
        .filter_map(|(i, s)| Some((i, s, band(&s.curves)?)))
        .collect();
    let (xr, yr) = ranges(&bands, fig.reference.as_ref().map(|r| r.1));
    // The legend goes in a strip under the chart, where it can never hide a curve.
    let mut legend: Vec<(String, RGBColor)> = Vec::new();
    if let Some((label, _)) = &fig.reference {
        legend.push((label.clone(), REFERENCE));
    }
    for (i, s, _) in &bands {
        let seeds = s.curves.iter().filter(|c| !c.is_empty()).count();
        let plural = if seeds == 1 { "" } else { "s" };
        legend.push((format!("{} ({seeds} seed{plural})", s.label), colour(*i)));
    }
    let legend_h = 12 + 22 * legend.len() as u32;
    let mut out = String::new();
    {
        let root =
            SVGBackend::with_string(&mut out, (SIZE.0, SIZE.1 + legend_h)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let (plot, key) = root.split_vertically(SIZE.1);
        let mut chart = ChartBuilder::on(&plot)
            .caption(&fig.title, ("sans-serif", 20))
            .margin(14)
            .x_label_area_size(44)
            .y_label_area_size(70)
            .build_cartesian_2d(xr.0..xr.1, yr.0..yr.1)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc(fig.x_label.as_str())
            .y_desc(fig.y_label.as_str())
            .x_labels(8)
            .y_labels(8)
            .x_label_formatter(&|v| tick(*v))
            .y_label_formatter(&|v| tick(*v))
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 15))
            .light_line_style(RGBColor(238, 238, 238))
            .bold_line_style(RGBColor(215, 215, 215))
            .draw()
            .map_err(|e| err(&e))?;
        if let Some((_, y)) = &fig.reference {
            let line = [(xr.0, *y), (xr.1, *y)];
            chart
                .draw_series(LineSeries::new(line, REFERENCE.stroke_width(1)))
                .map_err(|e| err(&e))?;
        }
        for (i, s, b) in &bands {
            let mut outline = b.lo.clone();
            outline.extend(b.hi.iter().rev());
            if s.curves.len() > 1 {
                chart
                    .draw_series([Polygon::new(outline, colour(*i).mix(0.18).filled())])
                    .map_err(|e| err(&e))?;
            }
            chart
                .draw_series(LineSeries::new(b.mean.clone(), colour(*i).stroke_width(2)))
                .map_err(|e| err(&e))?;
        }
        for (row, (label, c)) in legend.iter().enumerate() {
            let y = 14 + 22 * row as i32;
            key.draw(&PathElement::new([(84, y), (112, y)], c.stroke_width(3)))
                .map_err(|e| err(&e))?;
            key.draw(&Text::new(label.clone(), (120, y - 8), ("sans-serif", 14)))
                .map_err(|e| err(&e))?;
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(out)
}

/// The axes' ranges: every band and the reference line, with a margin above and below.
fn ranges(
    bands: &[(usize, &SeedCurves, Band)],
    reference: Option<f64>,
) -> ((f64, f64), (f64, f64)) {
    let pts = || bands.iter().flat_map(|(_, _, b)| b.lo.iter().chain(&b.hi));
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in pts() {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if let Some(r) = reference {
        y0 = y0.min(r);
        y1 = y1.max(r);
    }
    if x0 > x1 {
        (x0, x1) = (0.0, 1.0);
    }
    if y0 > y1 {
        (y0, y1) = (0.0, 1.0);
    }
    if x1 == x0 {
        x1 = x0 + 1.0;
    }
    let pad = if y1 > y0 { 0.06 * (y1 - y0) } else { 1.0 };
    ((x0, x1), (y0 - pad, y1 + pad))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_span_the_seeds_over_their_common_range() {
        let a = vec![(0.0, 0.0), (10.0, 10.0), (20.0, 20.0)];
        let b = vec![(0.0, 2.0), (5.0, 2.0), (15.0, 4.0)];
        let band = band(&[a, b]).unwrap();
        let xs: Vec<f64> = band.mean.iter().map(|p| p.0).collect();
        assert_eq!(xs, [0.0, 5.0, 10.0, 15.0]);
        assert_eq!(band.lo[1], (5.0, 2.0));
        assert_eq!(band.hi[1], (5.0, 5.0));
        assert_eq!(band.mean[1], (5.0, 3.5));
        assert_eq!(band.mean[3], (15.0, 9.5));
    }

    #[test]
    fn ticks_are_short() {
        assert_eq!(tick(12800.0), "12.8k");
        assert_eq!(tick(2_500_000.0), "2.5M");
        assert_eq!(tick(-230.4), "-230");
        assert_eq!(tick(0.25), "0.25");
        assert_eq!(tick(1.5), "1.5");
        assert_eq!(tick(0.0), "0");
    }

    #[test]
    fn an_svg_has_its_title_axes_and_legend() {
        let fig = Figure {
            name: "t".into(),
            title: "held-out best-of-8 <by step>".into(),
            x_label: "step".into(),
            y_label: "nats".into(),
            series: vec![SeedCurves {
                label: "frost".into(),
                curves: vec![
                    vec![(0.0, -3.0), (10.0, -1.0)],
                    vec![(0.0, -2.5), (10.0, -1.5)],
                ],
            }],
            reference: Some(("reference move".into(), -2.0)),
        };
        let s = svg(&fig).unwrap();
        assert!(s.starts_with("<svg"), "{}", &s[..60]);
        // Text is escaped by the backend.
        assert!(s.contains("held-out best-of-8 &lt;by step&gt;"));
        for needle in [
            "step",
            "nats",
            "frost (2 seeds)",
            "reference move",
            "<polygon",
        ] {
            assert!(s.contains(needle), "{needle}");
        }
    }
}
