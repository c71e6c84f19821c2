//! The report's figures as SVG text (plotters' SVG backend): one curve per setting, the
//! mean over its seeds with a band from the lowest to the highest seed.

use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::cost::interpolate;
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

/// Distinguishable colours, one per setting in order: the Okabe-Ito colour-blind-safe set
/// without its yellow (too pale on white) and with black last.
pub const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

/// Line styles, one per setting in order (with the colour: 35 distinct pairs): solid, then
/// dashes of different periods, so that two settings with the same curve both stay visible
/// (the later one's gaps show the earlier one) and the figure reads without colour.
const DASHES: [Option<(u32, u32)>; 5] = [
    None,
    Some((10, 5)),
    Some((22, 6)),
    Some((6, 6)),
    Some((16, 3)),
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

/// The chart's size; the legend strip is added below it. Small enough that the page shows two
/// side by side on a desktop at about their own size, and that their text (sized for it)
/// stays legible when a phone scales a figure down to its width.
const SIZE: (u32, u32) = (560, 360);
/// Font sizes as plotters takes them (its SVG text comes out at about 0.8 of these).
const TITLE_FONT: u32 = 23;
const TEXT_FONT: u32 = 18;
/// The reference line: grey and dotted, unlike any setting's line.
const REFERENCE: RGBColor = RGBColor(90, 90, 90);
const REFERENCE_DASH: (u32, u32) = (2, 4);
/// The bands' opacity: the lines are drawn over every band, so a band never hides a line.
const BAND_ALPHA: f64 = 0.18;
const LEGEND_ROW: u32 = 26;
/// Characters of a legend line: what fits right of the swatch at `TEXT_FONT`.
const LEGEND_CHARS: usize = 44;
/// Where the plotting area starts (the y label area plus the margin): the legend aligns
/// with it.
const MARGIN: u32 = 12;
const Y_LABEL_AREA: u32 = 66;

fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

fn dash(i: usize) -> Option<(u32, u32)> {
    DASHES[i % DASHES.len()]
}

/// A line in a setting's style (solid, or dashed), in the area's coordinates.
fn draw_line<DB: DrawingBackend, CT: CoordTranslate>(
    area: &DrawingArea<DB, CT>,
    pts: Vec<CT::From>,
    style: ShapeStyle,
    dash: Option<(u32, u32)>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    CT::From: Clone,
{
    match dash {
        None => area.draw(&PathElement::new(pts, style)),
        Some((on, off)) => area.draw(&DashedPathElement::new(pts, on, off, style)),
    }
}

/// One legend entry: a swatch (the band behind the line, when there is a band) and a label.
struct Key {
    label: String,
    colour: RGBColor,
    dash: Option<(u32, u32)>,
    band: bool,
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
    let mut legend: Vec<Key> = Vec::new();
    for (i, s, _) in &bands {
        let seeds = s.curves.iter().filter(|c| !c.is_empty()).count();
        let plural = if seeds == 1 { "" } else { "s" };
        legend.push(Key {
            label: format!("{} ({seeds} seed{plural})", s.label),
            colour: colour(*i),
            dash: dash(*i),
            band: seeds > 1,
        });
    }
    if let Some((label, _)) = &fig.reference {
        legend.push(Key {
            label: label.clone(),
            colour: REFERENCE,
            dash: Some(REFERENCE_DASH),
            band: false,
        });
    }
    let rows: u32 = legend.iter().map(|k| wrap(&k.label).len() as u32).sum();
    let legend_h = 10 + LEGEND_ROW * rows;
    let mut out = String::new();
    {
        let root =
            SVGBackend::with_string(&mut out, (SIZE.0, SIZE.1 + legend_h)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let (plot, key) = root.split_vertically(SIZE.1);
        let mut chart = ChartBuilder::on(&plot)
            .caption(&fig.title, ("sans-serif", TITLE_FONT))
            .margin(MARGIN)
            .x_label_area_size(48)
            .y_label_area_size(Y_LABEL_AREA)
            .build_cartesian_2d(xr.0..xr.1, yr.0..yr.1)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc(fig.x_label.as_str())
            .y_desc(fig.y_label.as_str())
            .x_labels(6)
            .y_labels(6)
            .max_light_lines(0)
            .x_label_formatter(&|v| tick(*v))
            .y_label_formatter(&|v| tick(*v))
            .label_style(("sans-serif", TEXT_FONT))
            .axis_desc_style(("sans-serif", TEXT_FONT))
            .bold_line_style(RGBColor(225, 225, 225))
            .draw()
            .map_err(|e| err(&e))?;
        // Every band first, then the reference, then every line: no band covers a line.
        for (i, s, b) in &bands {
            if s.curves.len() > 1 {
                let mut outline = b.lo.clone();
                outline.extend(b.hi.iter().rev());
                chart
                    .draw_series([Polygon::new(outline, colour(*i).mix(BAND_ALPHA).filled())])
                    .map_err(|e| err(&e))?;
            }
        }
        let area = chart.plotting_area();
        if let Some((_, y)) = &fig.reference {
            let line = vec![(xr.0, *y), (xr.1, *y)];
            draw_line(area, line, REFERENCE.stroke_width(2), Some(REFERENCE_DASH))
                .map_err(|e| err(&e))?;
        }
        for (i, _, b) in &bands {
            draw_line(area, b.mean.clone(), colour(*i).stroke_width(2), dash(*i))
                .map_err(|e| err(&e))?;
        }
        let x0 = (MARGIN + Y_LABEL_AREA) as i32;
        let mut row = 0;
        for k in &legend {
            let y = 18 + (LEGEND_ROW * row) as i32;
            if k.band {
                key.draw(&Rectangle::new(
                    [(x0, y - 8), (x0 + 34, y + 8)],
                    k.colour.mix(BAND_ALPHA).filled(),
                ))
                .map_err(|e| err(&e))?;
            }
            draw_line(
                &key,
                vec![(x0, y), (x0 + 34, y)],
                k.colour.stroke_width(3),
                k.dash,
            )
            .map_err(|e| err(&e))?;
            for line in wrap(&k.label) {
                let y = 18 + (LEGEND_ROW * row) as i32;
                let style = ("sans-serif", TEXT_FONT)
                    .into_font()
                    .into_text_style(&key)
                    .pos(Pos::new(HPos::Left, VPos::Center));
                key.draw(&Text::new(line, (x0 + 44, y), style))
                    .map_err(|e| err(&e))?;
                row += 1;
            }
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(out)
}

/// A legend label in lines that fit the figure's width (at word breaks; a word longer than a
/// line is cut), so that a long setting label is never clipped.
fn wrap(label: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in label.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let sep = usize::from(used > 0);
            if used + sep + word.len() <= LEGEND_CHARS {
                if sep == 1 {
                    line.push(' ');
                }
                line.extend(word.iter());
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            let rest = word.split_off(LEGEND_CHARS);
            lines.push(word.into_iter().collect());
            word = rest;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
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
    // A flat line gets a range around it; one that is never negative (a fraction, an entropy,
    // a variance) no axis going below zero, beyond the margin.
    if y1 == y0 {
        let half = if y0 == 0.0 { 0.5 } else { 0.5 * y0.abs() };
        let floor = if y0 >= 0.0 { 0.0 } else { f64::MIN };
        (y0, y1) = ((y0 - half).max(floor), y1 + half);
    }
    let pad = 0.06 * (y1 - y0);
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
    fn long_legend_labels_wrap_and_flat_lines_keep_their_sign() {
        assert_eq!(wrap("frost (2 seeds)"), ["frost (2 seeds)"]);
        let long = "refinement=frost k=4 sampling.temperature=0.7 frost.d=4 (3 seeds)";
        let lines = wrap(long);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines.join(" "), long);
        assert!(lines.iter().all(|l| l.chars().count() <= LEGEND_CHARS));
        let word = "x".repeat(LEGEND_CHARS + 3);
        assert_eq!(wrap(&word).concat(), word);
        // A fraction that stays at 0 gets no negative axis beyond the margin.
        let flat = |y: f64| {
            let b = band(&[vec![(0.0, y), (1.0, y)]]).unwrap();
            let s = SeedCurves {
                label: "a".into(),
                curves: Vec::new(),
            };
            ranges(&[(0, &s, b)], None).1
        };
        let (lo, hi) = flat(0.0);
        assert!(lo > -0.05 && hi > 0.4, "{lo} {hi}");
        let (lo, hi) = flat(-3.0);
        assert!(lo < -4.0 && hi > -2.0, "{lo} {hi}");
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
